#!/usr/bin/env node
/*
 * Fails when a package's production files import each other in a circle (tests and test helpers
 * aside): a cycle means two modules are one, and their load order decides what is undefined.
 * Run from the package folder: `node ../../scripts/no-import-cycles.mjs src`.
 */
import path from 'node:path';
import madge from 'madge';

/**
 * Cycles another change is removing, allowed until it lands (each one exactly, as madge prints
 * it): any other cycle, or one of these grown longer, fails.
 */
const PENDING = {
  'apps/api': [
    'subsonic/response.ts > subsonic/keptAnswers.ts',
    'subsonic/entities.ts > subsonic/library.ts > subsonic/libraryPatch.ts > subsonic/albumOrders.ts',
    'subsonic/library.ts > subsonic/libraryPatch.ts > subsonic/albumOrders.ts',
    'subsonic/library.ts > subsonic/libraryPatch.ts',
  ],
};

const dir = process.argv[2] ?? 'src';
const pkg = path.relative(path.resolve(import.meta.dirname, '..'), process.cwd());
const pending = new Set(PENDING[pkg] ?? []);

const result = await madge(dir, {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
  excludeRegExp: [/\.test\.tsx?$/, /(^|\/)test\//, /\.d\.ts$/, /node_modules/],
});
const cycles = result.circular().map((cycle) => cycle.join(' > '));
const fresh = cycles.filter((cycle) => !pending.has(cycle));
for (const cycle of cycles) console.log(`${pending.has(cycle) ? 'pending' : 'CYCLE  '}  ${cycle}`);
if (fresh.length) {
  console.error(`${fresh.length} import cycle(s) among the production files of ${pkg}/${dir}: break each one.`);
  process.exit(1);
}
console.log(`no new import cycle among ${Object.keys(result.obj()).length} files of ${pkg}/${dir}`);
