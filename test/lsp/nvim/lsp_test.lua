-- Neovim's built-in LSP client against `gpuspec lsp`, headless, started by the
-- init.lua snippet of docs/editors.md (run.sh puts it in place and runs this file in
-- the project it made: GPUSPEC_PROJECT, with specs/typos.gpuspec and gpuspec.json):
-- the snippet must set the filetype, find the project folder and attach the server.
-- Written for Neovim 0.7 (Debian 12). Exits 0 when every check passes, 1 otherwise.
local project = os.getenv('GPUSPEC_PROJECT')
local cache = os.getenv('XDG_CACHE_HOME') .. '/gpuspec'
local failures = 0

local function check(ok, what, detail)
  if ok then
    io.stdout:write('ok   ' .. what .. '\n')
  else
    failures = failures + 1
    io.stdout:write('FAIL ' .. what .. (detail and (': ' .. vim.inspect(detail)) or '') .. '\n')
  end
end

local function finish()
  io.stdout:write(failures == 0 and 'all checks passed\n' or (failures .. ' check(s) failed\n'))
  vim.cmd((failures == 0) and 'qall!' or 'cquit 1')
end

-- Opening a spec: the snippet gives it the filetype and attaches one client, rooted
-- at the folder of the project's gpuspec.json.
vim.cmd('edit ' .. project .. '/specs/typos.gpuspec')
local buf = vim.api.nvim_get_current_buf()
check(vim.bo[buf].filetype == 'gpuspec', 'the snippet sets the filetype', vim.bo[buf].filetype)
vim.wait(5000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20)
local attached = vim.tbl_values(vim.lsp.buf_get_clients(buf))
check(#attached == 1 and attached[1].name == 'gpuspec', 'the snippet attaches gpuspec lsp', #attached)
if #attached ~= 1 then finish() return end
local client_id = attached[1].id
check(attached[1].config.root_dir == project, 'the root is the folder of gpuspec.json', attached[1].config.root_dir)
local exit_code = nil
attached[1].config.on_exit = function(code) exit_code = code end

-- Diagnostics: `gpuspec check test/lsp/Inputs/typos.gpuspec` reports four.
vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
local diagnostics = vim.diagnostic.get(buf)
table.sort(diagnostics, function(a, b) return a.lnum < b.lnum end)
local codes = {}
for _, d in ipairs(diagnostics) do table.insert(codes, string.format('%s@%d:%d', d.code, d.lnum + 1, d.col + 1)) end
check(vim.deep_equal(codes, { 'unknown-property@5:3', 'unknown-unit@6:18', 'unknown-name@11:16', 'unknown-symbol@14:13' }),
  'diagnostics match check', codes)

local client = vim.lsp.get_client_by_id(client_id)
check(client.initialized and client.server_capabilities ~= nil, 'initialize completed')
local function request(method, params)
  local response, err = client.request_sync(method, params, 5000, buf)
  return response or { err = err }
end
local function at(line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
end

-- An incremental edit through Neovim's own change tracking: fix the unit.
vim.api.nvim_buf_set_text(buf, 5, 17, 5, 20, { 'GB' })
vim.wait(5000, function() return #vim.diagnostic.get(buf) == 3 end, 20)
check(#vim.diagnostic.get(buf) == 3, 'an edit is re-checked', vim.diagnostic.get(buf))

-- Code action: the fix-it for `nvidia.RTX_4090` (a case slip: certain, so it is a fix-it).
local actions = request('textDocument/codeAction', {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = 10, character = 20 }, ['end'] = { line = 10, character = 20 } },
  context = { diagnostics = {} },
})
local action = actions.result and actions.result[1]
check(action and action.title == "replace 'nvidia.RTX_4090' with 'nvidia.rtx_4090'", 'code action from a fix-it', actions)
if action then
  vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  check(vim.api.nvim_buf_get_lines(buf, 10, 11, false)[1] == '  gpu    = 4 x nvidia.rtx_4090', 'the fix-it applies',
    vim.api.nvim_buf_get_lines(buf, 10, 11, false))
end

-- Hover on `gpu` (line 11): the catalog entry and the facts it produces.
local hover = request('textDocument/hover', at(10, 20))
local text = hover.result and hover.result.contents.value or ''
check(text:find('**gpu** `nvidia.rtx_4090`', 1, true) ~= nil, 'hover shows the catalog entry', text)

-- Definition into the stdlib's read-only copy.
local definition = request('textDocument/definition', at(10, 20))
local target = definition.result and definition.result.uri or ''
check(vim.startswith(target, vim.uri_from_fname(cache)) and vim.endswith(target, '/stdlib/gpus/nvidia.gpuspec'),
  'definition reaches the stdlib', definition)

-- Completion: `cooling = ` takes one of the cooling symbols.
local completion = request('textDocument/completion', at(13, 12))
local labels = {}
for _, item in ipairs(completion.result and completion.result.items or {}) do table.insert(labels, item.label) end
check(vim.tbl_contains(labels, 'air_server') and vim.tbl_contains(labels, 'liquid_direct'), 'completion of enum values', labels)

-- Malformed requests get errors, and the server keeps going.
local out_of_range = request('textDocument/hover', at(500, 0))
check(out_of_range.err and out_of_range.err.code == -32602, 'an out-of-range position is InvalidParams', out_of_range)
local unknown = request('gpuspec/noSuchMethod', {})
check(unknown.err and unknown.err.code == -32601, 'an unknown method is MethodNotFound', unknown)
check(request('textDocument/hover', at(10, 20)).result ~= nil, 'still serving after errors')

-- A second spec of the same project joins the same server.
vim.fn.writefile({ 'workload w {', '  task = llm.inference', '}' }, project .. '/specs/second.gpuspec')
vim.cmd('hide edit ' .. project .. '/specs/second.gpuspec')
local second = vim.api.nvim_get_current_buf()
vim.wait(5000, function() return next(vim.lsp.buf_get_clients(second)) ~= nil end, 20)
local second_clients = vim.tbl_keys(vim.lsp.buf_get_clients(second))
check(#second_clients == 1 and second_clients[1] == client_id and #vim.lsp.get_active_clients() == 1,
  'a second file reuses the project\'s server', second_clients)

-- Shutdown and exit.
client.stop()
vim.wait(5000, function() return exit_code ~= nil end, 20)
check(exit_code == 0, 'shutdown then exit ends the server with status 0', exit_code)
finish()
