// Sums the JSON reports every Vitest run writes to .cache/test-results and prints one closing
// line, "N passed, N failed, N skipped". `--clean` empties the folder before a run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'test-results');

if (process.argv.includes('--clean')) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  process.exit(0);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${file.replace(/\.json$/, '')}: ${report.numPassedTests ?? 0} passed, ${report.numFailedTests ?? 0} failed`);
}
if (files.length === 0) console.log('no test reports found');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
