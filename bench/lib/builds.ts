/** A build of the API a bench mode measures: an older one to compare with, or this one. */
export interface BuildEntry {
  name: string;
  /** Its `apps/api/dist/server.js`; none: this checkout's. */
  entry?: string;
  /** Node flags its server starts with (e.g. the young generation's size). */
  nodeArgs?: string[];
}

/**
 * The builds to measure side by side, older first: BENCH_BASELINE_ENTRY=a,b (named by
 * BENCH_BASELINE_NAMES, default before, before 2, …), then this one (or BENCH_ENTRY).
 * BENCH_BASELINE_NODE_ARGS (one per baseline, by commas) and BENCH_NODE_ARGS give their servers
 * node flags, space-separated: one build under two settings side by side.
 */
export function buildsUnderTest(): BuildEntry[] {
  const baselines = process.env.BENCH_BASELINE_ENTRY?.split(',') ?? [];
  return [
    ...baselines.map((entry, i) => ({
      name: process.env.BENCH_BASELINE_NAMES?.split(',')[i] ?? (i === 0 ? 'before' : `before ${i + 1}`),
      entry,
      nodeArgs: flags(process.env.BENCH_BASELINE_NODE_ARGS?.split(',')[i]),
    })),
    { name: baselines.length > 0 ? 'after' : 'this build', entry: process.env.BENCH_ENTRY, nodeArgs: flags(process.env.BENCH_NODE_ARGS) },
  ];
}

const flags = (text: string | undefined) => text?.split(' ').filter(Boolean);
