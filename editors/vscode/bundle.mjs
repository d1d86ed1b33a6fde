// Bundles the extension's client and the libraries it uses into dist/extension.js (one
// file, where the .vsix used to carry ~300 files of node_modules), and writes
// dist/THIRD-PARTY-NOTICES.txt with the licence of each library inside the bundle:
// their MIT and ISC licences ask that the notice travel with every copy.
// Run by `npm run bundle`, and by `vsce package` (the vscode:prepublish script).
import * as esbuild from 'esbuild';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: ['extension.js'],
  outfile: 'dist/extension.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',  // VS Code 1.82 runs extensions on Node 18
  external: ['vscode'],
  minify: true,
  legalComments: 'none',  // the notices file carries them, whole
  metafile: true,
  logLevel: 'warning',
});

// Every package a bundled file came from (its innermost node_modules folder).
const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const match = input.match(/^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//);
  if (match) packages.set(match[2], path.join(here, match[1]));
}
const sections = [...packages.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, folder]) => {
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const licence = readdirSync(folder).find((file) => /^licen[cs]e/i.test(file));
  if (!licence) throw new Error(`${name} has no licence file to reproduce`);
  const text = readFileSync(path.join(folder, licence), 'utf8').trim();
  return `${name} ${manifest.version} (${manifest.license})\n\n${text}\n`;
});
writeFileSync(path.join(here, 'dist/THIRD-PARTY-NOTICES.txt'),
  'dist/extension.js bundles these libraries, under these licences:\n\n' + sections.join(`\n${'-'.repeat(72)}\n\n`));
