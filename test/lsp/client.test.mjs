// Drives the real `gpuspec lsp` binary with Microsoft's LSP client libraries (the
// ones VS Code's client is built on): initialize, diagnostics, incremental edits,
// recovery from a syntax error, hover, definition (across an import and into the stdlib), completion, code
// actions, malformed input and shutdown.
//
//   node test/lsp/client.test.mjs GPUSPEC_BINARY SOURCE_ROOT
//
// Exits 77 (ctest: skipped) when the npm packages are not installed:
// `npm ci --prefix test/lsp` (scripts/test.sh does it).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import test from 'node:test';

let protocol;
try {
  protocol = await import('vscode-languageserver-protocol/node.js');
} catch {
  console.log('vscode-languageserver-protocol is not installed (npm ci --prefix test/lsp): skipped');
  process.exit(77);
}
const {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter, InitializeRequest, InitializedNotification,
  DidOpenTextDocumentNotification, DidChangeTextDocumentNotification, PublishDiagnosticsNotification, HoverRequest,
  DefinitionRequest, CompletionRequest, CodeActionRequest, DocumentFormattingRequest, ShutdownRequest, ExitNotification,
  ErrorCodes,
} = protocol;

const [binary, root] = process.argv.slice(2);
assert.ok(binary && root, 'usage: client.test.mjs GPUSPEC_BINARY SOURCE_ROOT');
const cache = mkdtempSync(join(tmpdir(), 'gpuspec-lsp-client-'));
const uriOf = (path) => pathToFileURL(path).href;

// One server for the whole file, as an editor would run it.
const child = spawn(binary, ['lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
const loggedErrors = [];
const logger = { error: (m) => loggedErrors.push(m), warn: () => {}, info: () => {}, log: () => {} };
const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin), logger);
const published = new Map();  // uri -> list of diagnostics arrays, in arrival order
const waiters = [];
connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
  if (!published.has(params.uri)) published.set(params.uri, []);
  published.get(params.uri).push(params);
  for (const w of waiters.splice(0)) w();
});
connection.listen();

async function nextDiagnostics(uri, count) {
  while ((published.get(uri) ?? []).length < count) await new Promise((resolve) => waiters.push(resolve));
  return published.get(uri)[count - 1];
}

function open(path) {
  const text = readFileSync(path, 'utf8');
  const uri = uriOf(path);
  connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'gpuspec', version: 1, text },
  });
  return { uri, text };
}

const typos = join(root, 'test/lsp/Inputs/typos.gpuspec');
const server = join(root, 'test/lsp/Inputs/llm-finetune/server.gpuspec');

test('initialize advertises what the server does', async () => {
  const result = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid, rootUri: uriOf(root), capabilities: {},
    initializationOptions: { cacheDirectory: cache, debounceMs: 50 },
  });
  connection.sendNotification(InitializedNotification.type, {});
  const caps = result.capabilities;
  assert.equal(caps.textDocumentSync.change, 2);  // incremental
  assert.equal(caps.hoverProvider, true);
  assert.equal(caps.definitionProvider, true);
  assert.deepEqual(caps.codeActionProvider.codeActionKinds, ['quickfix']);
  assert.equal(result.serverInfo.name, 'gpuspec');
});

test('diagnostics are check\'s, with ids, ranges and help', async () => {
  const { uri } = open(typos);
  const { diagnostics, version } = await nextDiagnostics(uri, 1);
  assert.equal(version, 1);
  // `gpuspec check test/lsp/Inputs/typos.gpuspec`: the same four, at the same places.
  assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line + 1, d.range.start.character + 1]), [
    ['unknown-property', 5, 3], ['unknown-unit', 6, 18], ['unknown-name', 11, 16], ['unknown-symbol', 14, 13],
  ]);
  const unit = diagnostics[1];
  assert.equal(unit.severity, 1);
  assert.equal(unit.source, 'gpuspec');
  assert.deepEqual(unit.range, { start: { line: 5, character: 17 }, end: { line: 5, character: 20 } });
  assert.equal(unit.message, "unknown unit 'GBs'\nhelp: did you mean 'GB'?");
});

test('an incremental edit is re-checked after the debounce', async () => {
  const uri = uriOf(typos);
  connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 5, character: 17 }, end: { line: 5, character: 20 } }, text: 'GB' }],
  });
  const { diagnostics, version } = await nextDiagnostics(uri, 2);
  assert.equal(version, 2);
  assert.deepEqual(diagnostics.map((d) => d.code), ['unknown-property', 'unknown-name', 'unknown-symbol']);
});

test('a syntax error mid-edit keeps the rest of the file\'s diagnostics', async () => {
  // `cpu = 1 x amd.` as it is typed: the syntax error is one diagnostic among the others
  // (clang's and rustc's recovery), not the only one.
  const { uri } = open(join(root, 'test/lsp/Inputs/mid-edit.gpuspec'));
  const { diagnostics } = await nextDiagnostics(uri, 1);
  const at = (code) => diagnostics.filter((d) => d.code === code).map((d) => d.range.start.line + 1);
  assert.deepEqual(at('syntax'), [19]);
  assert.deepEqual(at('unknown-unit'), [7]);  // another declaration's type error
  assert.deepEqual(at('memory.ram-2x-vram'), [27]);  // another declaration's finding
  // The declaration being typed is not linted, and not told what it does not have yet.
  assert.ok(!diagnostics.some((d) => d.code === 'missing-property'), JSON.stringify(diagnostics));
  assert.ok(!diagnostics.some((d) => d.range.start.line + 1 >= 16 && d.range.start.line + 1 <= 20 && /\./.test(d.code)),
            JSON.stringify(diagnostics));
});

test('code actions apply fix-its', async () => {
  const uri = uriOf(typos);
  const actions = await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri }, range: { start: { line: 10, character: 20 }, end: { line: 10, character: 20 } },
    context: { diagnostics: [] },
  });
  assert.equal(actions.length, 1);
  assert.equal(actions[0].title, "replace 'nvidia.RTX_4090' with 'nvidia.rtx_4090'");
  assert.deepEqual(actions[0].edit.changes[uri], [
    { range: { start: { line: 10, character: 15 }, end: { line: 10, character: 30 } }, newText: 'nvidia.rtx_4090' },
  ]);
});

test('hover shows resolved facts with their origin', async () => {
  const { uri } = open(server);
  await nextDiagnostics(uri, 1);
  // `memory    = 32 x generic.ddr5_64gb_4800` (line 10): 32 x 64 GB = 2048 GB.
  const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 9, character: 4 } });
  assert.equal(hover.contents.kind, 'markdown');
  assert.match(hover.contents.value, /\| `memory\.total` \| 2 TiB \| derived: 32 x 64 GiB \|/);
  // On the rule id of a waiver: what `gpuspec explain` prints.
  const rule = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 24, character: 12 } });
  assert.match(rule.contents.value, /^```text\ngpu\.export-restricted-region \(/);
});

test('definition follows imports and reaches the stdlib', async () => {
  const uri = uriOf(server);
  // `serves    = llama_7b_sft` -> workload.gpuspec, line 2.
  const workload = await connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: { line: 4, character: 16 } });
  assert.equal(workload.uri, uriOf(join(root, 'test/lsp/Inputs/llm-finetune/workload.gpuspec')));
  assert.equal(workload.range.start.line, 1);
  // `gpu       = 8 x nvidia.h100_80gb_sxm` -> a read-only copy of the embedded stdlib.
  const gpu = await connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: { line: 6, character: 22 } });
  assert.ok(gpu.uri.startsWith(uriOf(cache)), gpu.uri);
  assert.ok(gpu.uri.endsWith('/stdlib/gpus/nvidia.gpuspec'), gpu.uri);
  const copy = readFileSync(new URL(gpu.uri), 'utf8').split('\n');
  assert.match(copy[gpu.range.start.line], /^gpu nvidia\.h100_80gb_sxm \{/);
});

test('completion offers catalog names of the kind the property expects', async () => {
  const uri = uriOf(server);
  connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 8, character: 16 }, end: { line: 8, character: 39 } }, text: 'amd.' }],
  });
  const list = await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 8, character: 20 } });
  const labels = list.items.map((i) => i.label);
  assert.ok(labels.includes('amd.epyc_9654'), labels.join(' '));
  assert.ok(labels.every((l) => !l.startsWith('nvidia.')), 'only CPUs: ' + labels.join(' '));
  assert.deepEqual(list.items[0].textEdit.range, { start: { line: 8, character: 16 }, end: { line: 8, character: 20 } });
  // Enum values: `gpu_link  = ` on line 8.
  const links = await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 7, character: 14 } });
  assert.ok(links.items.some((i) => i.label === 'nvswitch' && i.kind === 20));
});

test('formatting returns gpuspec fmt\'s layout as one edit', async () => {
  // The pinned workload fixture predates `gpuspec fmt`: its layout is not canonical.
  const { uri, text } = open(join(root, 'test/lsp/Inputs/llm-finetune/workload.gpuspec'));
  const edits = await connection.sendRequest(DocumentFormattingRequest.type, {
    textDocument: { uri }, options: { tabSize: 2, insertSpaces: true },
  });
  assert.equal(edits.length, 1);
  const lines = text.split('\n');
  assert.deepEqual(edits[0].range, { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: 0 } });
  const expected = execFileSync(binary, ['fmt', '-'], { input: text, encoding: 'utf8' });
  assert.equal(edits[0].newText, expected);
  assert.notEqual(expected, text);
});

test('bad requests get LSP errors and the server keeps serving', async () => {
  const uri = uriOf(server);
  await assert.rejects(connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 9999, character: 0 } }),
    (e) => e.code === ErrorCodes.InvalidParams && /outside the document/.test(e.message));
  await assert.rejects(connection.sendRequest('gpuspec/noSuchMethod', {}), (e) => e.code === ErrorCodes.MethodNotFound);
  // Bad JSON, written under the client's feet: answered with a ParseError (id null),
  // which the client library can only log.
  child.stdin.write('Content-Length: 9\r\n\r\n{"id": 1,');
  const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 4, character: 4 } });
  assert.ok(hover.contents.value.length > 0);
  assert.ok(loggedErrors.some((m) => /not valid JSON/.test(m)), loggedErrors.join('\n'));
});

test('shutdown and exit end the process with status 0', async () => {
  await connection.sendRequest(ShutdownRequest.type);
  connection.sendNotification(ExitNotification.type);
  assert.equal(await exited, 0);
  connection.dispose();
  rmSync(cache, { recursive: true, force: true, maxRetries: 2 });
});
