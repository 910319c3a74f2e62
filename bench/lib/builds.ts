/** A build of the API a bench mode measures: an older one to compare with, or this one. */
export interface BuildEntry {
  name: string;
  /** Its `apps/api/dist/server.js`; none: this checkout's. */
  entry?: string;
}

/**
 * The builds to measure side by side, older first: BENCH_BASELINE_ENTRY=a,b (named by
 * BENCH_BASELINE_NAMES, default before, before 2, …), then this one (or BENCH_ENTRY).
 */
export function buildsUnderTest(): BuildEntry[] {
  const baselines = process.env.BENCH_BASELINE_ENTRY?.split(',') ?? [];
  return [
    ...baselines.map((entry, i) => ({
      name: process.env.BENCH_BASELINE_NAMES?.split(',')[i] ?? (i === 0 ? 'before' : `before ${i + 1}`),
      entry,
    })),
    { name: baselines.length > 0 ? 'after' : 'this build', entry: process.env.BENCH_ENTRY },
  ];
}
