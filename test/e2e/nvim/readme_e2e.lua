-- Checks run inside Neovim configured by the init.lua of docs/editors.md (see readme-config.js): opening a
-- record starts `planilla lsp` through the configuration alone; its settings (English, the user's
-- list) take effect; `:PlanillaSet` changes them in the running server; the "Completar la planilla"
-- source action gives back a whole record from its words.
-- Prints one JSON line per check and "nvim-readme: N passed, N failed"; exits non-zero on failure
-- (harness.lua). Every wait polls its condition with a bound (PLANILLA_TIMEOUT_MS, default 15 s);
-- a watchdog ends the run if anything hangs.

local here = debug.getinfo(1, 'S').source:sub(2):match('(.*[/\\])') or './'
local h = dofile(here .. 'harness.lua').new('nvim-readme', 6)
local check, timeout = h.check, h.timeout

-- Diagnostics of a buffer as the server last published them (vim.diagnostic keeps them).
local function messages(bufnr)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do table.insert(list, (d.code or '?') .. ': ' .. d.message) end
  return list
end
local function wait_for(bufnr, pred)
  vim.wait(timeout, function() return pred(messages(bufnr)) end, 20)
  return messages(bufnr)
end
local function any(list, pattern)
  for _, m in ipairs(list) do if m:find(pattern) then return true end end
  return false
end

-- Every publication seen, by URI (the default handler still shows them).
local published = {}
local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(e, result, ctx, cfg)
  if result then published[result.uri] = (published[result.uri] or 0) + 1 end
  return default_publish(e, result, ctx, cfg)
end

h.run(function()
  local work = assert(os.getenv('PLANILLA_WORK'), 'PLANILLA_WORK is not set')
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/score-error.gcg'))
  local score = vim.api.nvim_get_current_buf()
  check('filetype', vim.bo[score].filetype == 'gcg', { filetype = vim.bo[score].filetype })

  local english = wait_for(score, function(l) return any(l, 'declared score 18, computed 16') end)
  check('english_from_settings', any(english, '^score%-mismatch: declared score 18, computed 16'), english)

  local lenses = vim.lsp.buf_request_sync(score, 'textDocument/codeLens', { textDocument = { uri = vim.uri_from_bufnr(score) } }, timeout)
  local title
  for _, r in pairs(lenses or {}) do
    for _, l in ipairs(r.result or {}) do
      -- The totals lens (the deep-analysis action shares the line).
      if l.range.start.line == 6 and l.command and l.command.command ~= 'planilla.deepAnalysis' then title = l.command.title end
    end
  end
  check('lens_english', type(title) == 'string' and title:find('Ana 16 · Beto 0  ⚠ the sheet says 18', 1, true) ~= nil, { title = title })

  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/palabra-propia.gcg'))
  local own = vim.api.nvim_get_current_buf()
  local clients = 0
  for _, c in pairs(h.clients()) do if c.name == 'planilla' then clients = clients + 1 end end
  vim.wait(timeout, function() return #vim.lsp.buf_get_clients(own) > 0 end, 20)
  check('one_server_both_records', clients == 1 and #vim.lsp.buf_get_clients(own) == 1, { clients = clients })
  -- Once the server has published for this record, the user's word must have passed.
  vim.wait(timeout, function() return (published[vim.uri_from_bufnr(own)] or 0) > 0 end, 20)
  local hover = vim.lsp.buf_request_sync(own, 'textDocument/hover',
    { textDocument = { uri = vim.uri_from_bufnr(own) }, position = { line = 3, character = 19 } }, timeout)
  local htext
  for _, r in pairs(hover or {}) do if r.result and r.result.contents then htext = r.result.contents.value or r.result.contents end end
  check('hover_english', type(htext) == 'string' and htext:find('BIROL', 1, true) ~= nil and htext:find('True totals', 1, true) ~= nil, { hover = htext })
  check('user_list_accepts_word', (published[vim.uri_from_bufnr(own)] or 0) > 0 and not any(messages(own), 'unaccepted'),
    { published = published[vim.uri_from_bufnr(own)], messages = messages(own) })

  vim.cmd('PlanillaSet language es')
  local spanish = wait_for(score, function(l) return any(l, 'declarada 18, calculada 16') end)
  check('set_language_without_restart', any(spanish, 'puntuación declarada 18, calculada 16'), spanish)

  vim.cmd('PlanillaSet lexiconExtra')
  local rejected = wait_for(own, function(l) return any(l, '^unaccepted%-word') end)
  check('set_list_without_restart', any(rejected, '^unaccepted%-word: BIROL no está'), rejected)

  -- "Completar la planilla" through `planilla lsp`: the source action writes every coordinate of a
  -- record whose words were copied without them, and gives back the record they came from.
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/palabras.gcg'))
  local words = vim.api.nvim_get_current_buf()
  vim.wait(timeout, function() return (published[vim.uri_from_bufnr(words)] or 0) > 0 end, 20)
  local last = vim.api.nvim_buf_line_count(words)
  local answers = vim.lsp.buf_request_sync(words, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(words) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } },
    context = { diagnostics = {}, only = { 'source.planilla.fill' } },
  }, timeout)
  local fill
  for _, r in pairs(answers or {}) do
    for _, a in ipairs(r.result or {}) do if a.kind == 'source.planilla.fill' then fill = a end end
  end
  if fill and fill.edit then vim.lsp.util.apply_workspace_edit(fill.edit, 'utf-16') end
  local want = vim.fn.readfile(work .. '/fise-ending.gcg')
  local got = vim.api.nvim_buf_get_lines(words, 0, -1, false)
  check('fill_source_action', fill ~= nil and fill.title:find('Completar la planilla (25 líneas', 1, true) ~= nil and vim.deep_equal(got, want),
    { title = fill and fill.title, got = got[7], want = want[7] })
end)
