-- Headless Neovim as an independent LSP client of the Planilla server (Debian bookworm: nvim 0.7).
-- Opens a record with a wrong score, attaches `node <server> --stdio`, and checks:
-- a diagnostic (code score-mismatch, source planilla, on the score token), a hover (the article
-- and the move worked out), a code lens (the true totals), and a quick fix for the diagnostic.
--
-- Usage: PLANILLA_SERVER=/abs/dist/server.js PLANILLA_FILE=/abs/score-error.gcg \
--        nvim --headless --clean -c "luafile test/e2e/nvim/lsp_e2e.lua"
-- Prints one JSON line per check and a closing "nvim-lsp: N passed, N failed"; exits non-zero on
-- any failure (harness.lua). Every wait polls for its condition with a bound (PLANILLA_TIMEOUT_MS,
-- default 15 s); a watchdog ends the run if something hangs.

local here = debug.getinfo(1, 'S').source:sub(2):match('(.*[/\\])') or './'
local h = dofile(here .. 'harness.lua').new('nvim-lsp', 4)
local check, timeout = h.check, h.timeout

local function first_result(responses, pick)
  for _, r in pairs(responses or {}) do
    if r.result ~= nil then
      local v = pick(r.result)
      if v ~= nil then return v end
    end
  end
  return nil
end

h.run(function()
  local server = assert(os.getenv('PLANILLA_SERVER'), 'PLANILLA_SERVER is not set')
  local file = assert(os.getenv('PLANILLA_FILE'), 'PLANILLA_FILE is not set')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'gcg'

  local published = nil
  local default_diag = vim.lsp.handlers['textDocument/publishDiagnostics']
  local config = {
    name = 'planilla',
    cmd = { 'node', server, '--stdio' },
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
    init_options = { locale = 'en' },
    handlers = {
      ['textDocument/publishDiagnostics'] = function(e, result, ctx, cfg)
        if result and #result.diagnostics > 0 then published = result end
        return default_diag(e, result, ctx, cfg)
      end,
    },
  }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config, { bufnr = bufnr })
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  check('client_started', client_id ~= nil, { client_id = client_id })

  vim.wait(timeout, function() return published ~= nil end, 20)
  local d = published and published.diagnostics[1] or {}
  check('diagnostic', d.code == 'score-mismatch' and d.source == 'planilla'
      and d.range.start.line == 6 and d.range.start.character == 23 and d.range['end'].character == 26
      and type(d.message) == 'string' and d.message:find('12', 1, true) ~= nil,
    { code = d.code, source = d.source, message = d.message })

  local uri = vim.uri_from_bufnr(bufnr)
  local hres = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover',
    { textDocument = { uri = uri }, position = { line = 6, character = 24 } }, timeout)
  local hover = first_result(hres, function(r) return r.contents and (r.contents.value or r.contents) end)
  check('hover', type(hover) == 'string' and hover:find('art. 12–19', 1, true) ~= nil
      and hover:find('LIBRO = 8 × 2 = **16**', 1, true) ~= nil, { hover = hover })

  local lres = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeLens', { textDocument = { uri = uri } }, timeout)
  local lens = first_result(lres, function(r)
    for _, l in ipairs(r) do
      if l.range.start.line == 6 and l.command then return l.command.title end
    end
    return nil
  end)
  check('codeLens', lens == 'after the move: Ana 16 · Beto 0  ⚠ the sheet says 18', { title = lens })

  local ares = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = uri },
    range = d.range or { start = { line = 6, character = 23 }, ['end'] = { line = 6, character = 26 } },
    context = { diagnostics = published and published.diagnostics or {} },
  }, timeout)
  local fix = first_result(ares, function(r)
    for _, a in ipairs(r) do
      if a.title == 'Set the computed score: +16' then return a end
    end
    return nil
  end)
  check('codeAction', fix ~= nil and fix.edit ~= nil, { title = fix and fix.title })
end)
