import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface ChunkSize {
  file: string;
  /** The route page the chunk carries (from its file name), or "initial". */
  label: string;
  initial: boolean;
  rawBytes: number;
  gzipBytes: number;
}

/** Gzip size of every JS/CSS chunk of the built SPA; "initial" = what index.html loads up front. */
export function webBundleSizes(distDir: string): ChunkSize[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
  );
  const assets = path.join(distDir, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const bytes = fs.readFileSync(path.join(assets, f));
      const rel = `assets/${f}`;
      return {
        file: rel,
        label: initial.has(rel) ? 'initial' : f.replace(/-[\w-]{8}(\.(js|css))$/, '$1'),
        initial: initial.has(rel),
        rawBytes: bytes.length,
        gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
      };
    })
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzipBytes - a.gzipBytes);
}
