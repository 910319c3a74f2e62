#!/usr/bin/env node
/*
 * Fails when a package's production files import each other in a circle (tests and test helpers
 * aside): a cycle means two modules are one, and their load order decides what is undefined.
 * Run from the package folder: `node ../../scripts/no-import-cycles.mjs src`.
 */
import path from 'node:path';
import madge from 'madge';

const dir = process.argv[2] ?? 'src';
const pkg = path.relative(path.resolve(import.meta.dirname, '..'), process.cwd());

const result = await madge(dir, {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
  excludeRegExp: [/\.test\.tsx?$/, /(^|\/)test\//, /\.d\.ts$/, /node_modules/],
  // `import type` is erased at build time: only imports that load code can form a cycle.
  detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
});
const cycles = result.circular().map((cycle) => cycle.join(' > '));
const fresh = cycles;
for (const cycle of cycles) console.log(`CYCLE  ${cycle}`);
if (fresh.length) {
  console.error(`${fresh.length} import cycle(s) among the production files of ${pkg}/${dir}: break each one.`);
  process.exit(1);
}
console.log(`no import cycle among ${Object.keys(result.obj()).length} files of ${pkg}/${dir}`);
