// Starts `gpuspec lsp` for .gpuspec files. The binary comes from the `gpuspec.path`
// setting (default: `gpuspec` on the PATH); changing the setting restarts it.
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function makeClient() {
  const config = vscode.workspace.getConfiguration('gpuspec');
  const command = config.get('path') || 'gpuspec';
  // TransportKind.stdio adds --stdio, which `gpuspec lsp` accepts.
  const serverOptions = { command, args: ['lsp'], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'gpuspec' },
      { scheme: 'untitled', language: 'gpuspec' },
    ],
    // A changed config or imported file re-checks the open documents.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/{gpuspec.json,*.gpuspec}') },
    initializationOptions: { debounceMs: config.get('debounceMs') },
  };
  return { command, client: new LanguageClient('gpuspec', 'gpuspec', serverOptions, clientOptions) };
}

async function start() {
  const made = makeClient();
  client = made.client;
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    vscode.window.showErrorMessage(
      `gpuspec: cannot start '${made.command} lsp' (${error.message ?? error}). ` +
        'Install gpuspec (see its README) or set "gpuspec.path" to the binary.');
  }
}

async function restart() {
  if (client) await client.stop();
  await start();
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('gpuspec.restartServer', restart),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('gpuspec.path') || event.affectsConfiguration('gpuspec.debounceMs')) restart();
    }),
  );
  return start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
