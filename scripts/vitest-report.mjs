import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Reporters for every Vitest project: the console, plus a JSON report summed by scripts/test-summary.mjs. */
export function reporters(name) {
  return ['default', ['json', { outputFile: path.join(root, '.cache', 'test-results', `${name}.json`) }]];
}
