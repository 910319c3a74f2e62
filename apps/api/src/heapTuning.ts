import v8 from 'node:v8';

/**
 * Under load V8 lets the old space grow to about four times what is live before a full
 * collection (40 MB live, 185 MB heap, 290 MB RSS under 50 concurrent searches); growing it by a
 * fifth instead keeps the peak near the live data (search at 50 connections: 50% 148-153 MB, 20%
 * 131-132 MB, side by side, same throughput). A tuning of when to collect, not a cap: the heap still
 * grows as far as the data needs. An explicit --heap-growing-percent (NODE_OPTIONS) wins.
 */
export const HEAP_GROWING_PERCENT = 20;
/**
 * The young generation stays at the size it starts with (1 MB per semi-space) instead of growing
 * to 16 MB per semi-space under load: objects that outlive a request are promoted a little sooner,
 * and the server's RSS under 50 concurrent searches is about 45 MB lower for a few percent of
 * throughput (docs/performance.md). Not a cap: the old generation still grows as the data needs.
 * Set at run time because --max-semi-space-size only works on the command line; an explicit
 * --semi-space-growth-factor or --max-semi-space-size on the command line wins.
 */
export const SEMI_SPACE_GROWTH_FACTOR = 1;
export function tuneHeapGrowth(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (!/heap[-_]growing[-_]percent/.test(given)) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  if (!/semi[-_]space/.test(given)) v8.setFlagsFromString(`--semi-space-growth-factor=${SEMI_SPACE_GROWTH_FACTOR}`);
}
