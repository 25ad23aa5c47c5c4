-- The harness both headless Neovim suites share (lsp_e2e.lua, readme_e2e.lua): one JSON line per
-- check, a closing "<suite>: N passed, N failed", exit status 0 only when every check passed, and a
-- watchdog that ends the run if something hangs. Works in Neovim 0.7 and later.
--
-- Usage, from a suite run with `luafile`:
--   local here = debug.getinfo(1, 'S').source:sub(2):match('(.*[/\\])') or './'
--   local h = dofile(here .. 'harness.lua').new('nvim-lsp', 4)
--   h.run(function() h.check('client_started', id ~= nil, { client_id = id }) end)
--
-- `new(suite, watchdog_factor)`: every wait polls its condition with a bound of `h.timeout`
-- milliseconds (PLANILLA_TIMEOUT_MS, default 15 s); the watchdog fires after watchdog_factor
-- times that. `run(fn)` calls fn, turns a Lua error into a failed check and finishes.
local M = {}

function M.new(suite, watchdog_factor)
  local h = { passes = 0, failures = 0 }
  h.timeout = tonumber(os.getenv('PLANILLA_TIMEOUT_MS') or '') or 15000
  h.enc = (vim.json and vim.json.encode) or vim.fn.json_encode
  h.out = function(s) io.stdout:write(s .. '\n'); io.stdout:flush() end

  function h.check(name, ok, detail)
    h.out(h.enc({ check = name, ok = ok and true or false, detail = detail }))
    if ok then h.passes = h.passes + 1 else h.failures = h.failures + 1 end
  end

  -- The LSP clients running (vim.lsp.get_clients from 0.10, get_active_clients before).
  function h.clients()
    local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
    return get_clients()
  end

  function h.finish()
    h.out(string.format('%s: %d passed, %d failed', suite, h.passes, h.failures))
    for _, c in pairs(h.clients()) do vim.lsp.stop_client(c.id, true) end
    vim.cmd((h.failures > 0) and 'cquit! 1' or 'qall!')
  end

  function h.run(fn)
    local ok, err = pcall(fn)
    if not ok then h.check('lua_error', false, tostring(err)) end
    h.finish()
  end

  vim.defer_fn(function()
    h.out(string.format('%s: %d passed, %d failed', suite, h.passes, h.failures + 1))
    vim.cmd('cquit! 2')
  end, h.timeout * watchdog_factor)

  return h
end

return M
