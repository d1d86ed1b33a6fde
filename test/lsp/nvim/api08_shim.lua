-- Stand-ins for the Neovim 0.8 functions docs/editors.md's 0.8 snippet calls, so the
-- snippet runs on the suite's Neovim 0.7.2 (Debian 12). Each does what the 0.8
-- function does for the arguments the snippet passes, no more. On 0.8 and later this
-- file changes nothing: every stand-in is installed only where the function is missing.
if vim.fs == nil then
  vim.fs = {}
  function vim.fs.dirname(path)
    if path == nil then return nil end
    return vim.fn.fnamemodify(path, ':h')
  end
  -- find(names, { upward = true, path = DIR }): the first of `names` in DIR or a parent.
  function vim.fs.find(names, opts)
    assert(opts.upward, 'the stand-in searches upward only')
    local dir = opts.path
    while true do
      for _, name in ipairs(names) do
        local candidate = dir .. '/' .. name
        if vim.loop.fs_stat(candidate) then return { candidate } end
      end
      local parent = vim.fn.fnamemodify(dir, ':h')
      if parent == dir then return {} end
      dir = parent
    end
  end
end
if vim.lsp.start == nil then
  -- Reuses a running client of the same name and root folder, as 0.8's does, and
  -- attaches it to the current buffer.
  function vim.lsp.start(config)
    for _, client in pairs(vim.lsp.get_active_clients()) do
      if client.name == config.name and client.config.root_dir == config.root_dir then
        vim.lsp.buf_attach_client(0, client.id)
        return client.id
      end
    end
    local id = vim.lsp.start_client(config)
    if id then vim.lsp.buf_attach_client(0, id) end
    return id
  end
end
-- 0.7 has vim.filetype.add, but its Lua filetype detection runs only when asked to.
if vim.fn.has('nvim-0.8') == 0 then vim.g.do_filetype_lua = 1 end
