// Tokenises .gpuspec files with VS Code's own TextMate engine (vscode-textmate +
// vscode-oniguruma) and checks the scopes of keywords, numbers with units,
// strings, comments and catalog references, and that every word of the examples,
// the stdlib and the policy pack gets a scope.
//
//   node editors/vscode/test/grammar.test.mjs SOURCE_ROOT
//
// Exits 77 (ctest: skipped) when the npm packages are not installed:
// `npm ci --prefix editors/vscode` (scripts/test.sh does it).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import test from 'node:test';

const require = createRequire(import.meta.url);
let vsctm, oniguruma;
try {
  vsctm = require('vscode-textmate');
  oniguruma = require('vscode-oniguruma');
} catch {
  console.log('vscode-textmate is not installed (npm ci --prefix editors/vscode): skipped');
  process.exit(77);
}

const root = process.argv[2];
assert.ok(root, 'usage: grammar.test.mjs SOURCE_ROOT');
const grammarPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'syntaxes', 'gpuspec.tmLanguage.json');

await oniguruma.loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text) => new oniguruma.OnigString(text),
  }),
  loadGrammar: async (scopeName) =>
    scopeName === 'source.gpuspec' ? vsctm.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null,
});
const grammar = await registry.loadGrammar('source.gpuspec');

// [{line (1-based), text, scopes}] for every token.
function tokenize(text) {
  const tokens = [];
  let stack = vsctm.INITIAL;
  text.split('\n').forEach((line, index) => {
    const result = grammar.tokenizeLine(line, stack);
    for (const t of result.tokens) tokens.push({ line: index + 1, text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    stack = result.ruleStack;
  });
  return tokens;
}

function gpuspecFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? gpuspecFiles(path) : name.endsWith('.gpuspec') ? [path] : [];
  });
}

// The scopes of the first token on `line` whose text is `text`.
function scopesOf(tokens, line, text) {
  const token = tokens.find((t) => t.line === line && t.text === text);
  assert.ok(token, `no token '${text}' on line ${line}: ` + JSON.stringify(tokens.filter((t) => t.line === line).map((t) => t.text)));
  return token.scopes;
}
function expectScope(tokens, line, text, scope) {
  const scopes = scopesOf(tokens, line, text);
  assert.ok(scopes.includes(scope), `'${text}' on line ${line}: expected ${scope}, got ${scopes.join(' ')}`);
}

const read = (path) => readFileSync(join(root, path), 'utf8');

test('every word of the examples, the stdlib and the policy pack gets a scope', () => {
  const files = ['examples', 'stdlib', 'policies'].flatMap((d) => gpuspecFiles(join(root, d)));
  assert.ok(files.length > 30, `only ${files.length} files`);
  const bare = [];
  for (const file of files) {
    for (const t of tokenize(readFileSync(file, 'utf8'))) {
      if (t.scopes.length === 1 && t.text.trim() !== '') bare.push(`${relative(root, file)}:${t.line}: '${t.text}'`);
    }
  }
  assert.deepEqual(bare.slice(0, 20), []);
});

test('declarations, properties, keywords and references in an example', () => {
  const tokens = tokenize(read('examples/llm-finetune/server.gpuspec'));
  expectScope(tokens, 1, '#', 'comment.line.number-sign.gpuspec');
  expectScope(tokens, 1, " The on-premises option for llama_7b_sft: one HGX H100 node.",
    'comment.line.number-sign.gpuspec');
  expectScope(tokens, 2, 'import', 'keyword.control.import.gpuspec');
  expectScope(tokens, 2, 'workload.gpuspec', 'string.quoted.double.gpuspec');
  expectScope(tokens, 4, 'server', 'storage.type.declaration.gpuspec');
  expectScope(tokens, 4, 'train01', 'entity.name.type.declaration.gpuspec');
  expectScope(tokens, 5, 'serves', 'variable.other.property.gpuspec');
  expectScope(tokens, 7, '8', 'constant.numeric.gpuspec');
  expectScope(tokens, 7, 'x', 'keyword.operator.multiplicity.gpuspec');
  expectScope(tokens, 7, 'nvidia.h100_80gb_sxm', 'variable.other.reference.gpuspec');
  expectScope(tokens, 8, 'nvswitch', 'constant.other.symbol.gpuspec');
  expectScope(tokens, 11, 'storage', 'entity.name.section.block.gpuspec');
  expectScope(tokens, 21, '400', 'constant.numeric.gpuspec');
  expectScope(tokens, 21, 'Gbps', 'keyword.other.unit.gpuspec');
  expectScope(tokens, 23, '72', 'constant.numeric.gpuspec');
  expectScope(tokens, 23, 'h', 'keyword.other.unit.gpuspec');
  expectScope(tokens, 24, 'CNY', 'keyword.other.unit.gpuspec');
  expectScope(tokens, 25, 'waive', 'keyword.other.waive.gpuspec');
  expectScope(tokens, 25, 'gpu.export-restricted-region', 'constant.other.rule.gpuspec');
});

test('units attached and spaced, scaled counts, percentages and versions', () => {
  const workload = tokenize(read('examples/llm-finetune/workload.gpuspec'));
  expectScope(workload, 5, '7', 'constant.numeric.gpuspec');
  expectScope(workload, 5, 'B', 'keyword.other.unit.gpuspec');  // params = 7B
  expectScope(workload, 13, 'GB', 'keyword.other.unit.gpuspec');  // dataset = 50 GB
  expectScope(workload, 14, 'M', 'keyword.other.unit.gpuspec');  // samples = 1.2M
  expectScope(workload, 16, 'months', 'keyword.other.unit.gpuspec');
  expectScope(workload, 10, '4096', 'constant.numeric.gpuspec');  // seq_len: no unit
  expectScope(workload, 20, 'pytorch', 'constant.other.symbol.gpuspec');
  expectScope(workload, 20, '@2.3', 'constant.other.version.gpuspec');
  expectScope(workload, 20, '12.1', 'string.quoted.double.gpuspec');
  const cloud = tokenize(read('examples/llm-finetune/cloud-aws.gpuspec'));
  expectScope(cloud, 11, '%', 'keyword.other.unit.percent.gpuspec');
  // A number with a unit inside a comment is comment, nothing else.
  const ram = tokenize(read('examples/bad/ram-below-2x-vram.gpuspec'));
  expectScope(ram, 18, ' 256 GiB (274.9 GB) < 2 x 160 GB', 'comment.line.number-sign.gpuspec');
});

test('the rest of the language: block comments, triple strings, escapes, expressions', () => {
  const tokens = tokenize([
    '/* block',
    '   comment */',
    'policy my.rule {',
    '  doc = """two "quoted" words',
    '  more"""',
    '  require = memory.total >= 2 * gpu.vram_total and not (x in [a, b])',
    '  message = "a \\"quote\\""  // trailing',
    '}',
    'server s { count = 2 region = "x"; waive my.rule "r" until = "2027-01-01" }',
  ].join('\n'));
  expectScope(tokens, 1, '/*', 'comment.block.gpuspec');
  expectScope(tokens, 2, '   comment ', 'comment.block.gpuspec');
  expectScope(tokens, 3, 'policy', 'storage.type.declaration.gpuspec');
  expectScope(tokens, 3, 'my.rule', 'entity.name.type.declaration.gpuspec');
  expectScope(tokens, 4, 'two "quoted" words', 'string.quoted.triple.gpuspec');
  expectScope(tokens, 5, '  more', 'string.quoted.triple.gpuspec');
  expectScope(tokens, 6, 'memory.total', 'variable.other.reference.gpuspec');
  expectScope(tokens, 6, '>=', 'keyword.operator.comparison.gpuspec');
  expectScope(tokens, 6, '2', 'constant.numeric.gpuspec');
  expectScope(tokens, 6, 'and', 'keyword.operator.logical.gpuspec');
  expectScope(tokens, 6, 'in', 'keyword.operator.logical.gpuspec');
  expectScope(tokens, 7, '\\"', 'constant.character.escape.gpuspec');
  expectScope(tokens, 7, ' trailing', 'comment.line.double-slash.gpuspec');
  // `2 region =`: the next property, not a unit.
  expectScope(tokens, 9, '2', 'constant.numeric.gpuspec');
  expectScope(tokens, 9, 'region', 'variable.other.property.gpuspec');
  expectScope(tokens, 9, 'until', 'keyword.other.until.gpuspec');
});
