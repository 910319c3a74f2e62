import os from 'node:os';
import type { CaseResult } from './load.js';
import type { ChunkSize } from './webBundle.js';

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const mb = (bytes: number) => (bytes ? (bytes / 1024 / 1024).toFixed(0) : '—');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rate = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} when the report was written`;
}

export interface Report {
  engine: string;
  dataset: string;
  settings: string;
  cases: CaseResult[];
  ratios: string[];
  chunks: ChunkSize[];
}

export function toMarkdown(r: Report): string {
  const lines = [
    '# Samaa benchmarks',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${machine()}`,
    `- Database engine: ${r.engine}`,
    `- Data: ${r.dataset}`,
    `- Load: ${r.settings}`,
    '',
    '| Case | Requests/s | p50 (ms) | p99 (ms) | Errors | API peak RSS (MB) | Notes |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...r.cases.map(
      (c) =>
        `| ${c.name} | ${rate(c.requestsPerSec)} | ${ms(c.p50Ms)} | ${ms(c.p99Ms)} | ${c.errors} | ${mb(c.peakRssBytes)} | ${c.note ?? ''} |`,
    ),
    '',
    '## Reference points',
    '',
    ...r.ratios.map((line) => `- ${line}`),
    '',
    '## Web bundle (apps/web/dist, gzip -9)',
    '',
    '| Chunk | Loaded | Raw (KB) | Gzip (KB) |',
    '| --- | --- | ---: | ---: |',
    ...r.chunks.map(
      (c) =>
        `| ${c.label === 'initial' ? c.file : c.label} | ${c.initial ? 'initial' : 'on demand'} | ${kb(c.rawBytes)} | ${kb(c.gzipBytes)} |`,
    ),
    '',
    `Initial JS + CSS: ${kb(r.chunks.filter((c) => c.initial).reduce((s, c) => s + c.gzipBytes, 0))} KB gzip (budget 150 KB).`,
    '',
  ];
  return lines.join('\n');
}
