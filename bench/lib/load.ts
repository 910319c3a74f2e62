import autocannon from 'autocannon';

export interface CaseResult {
  name: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  /** Peak resident set size of the API process during the case, in bytes (0 when not sampled). */
  peakRssBytes: number;
  throughputMBps: number;
  note?: string;
}

export interface LoadCase {
  name: string;
  url: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Called per request: path, method, headers and body of the next request. */
  next: () => {
    path: string;
    method?: 'GET' | 'PUT' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  };
  /** Samples the API's RSS (bytes) while the case runs. */
  rss?: () => number;
  note?: string;
}

function run(c: LoadCase, durationSec: number): Promise<autocannon.Result> {
  const options: autocannon.Options = {
    url: c.url,
    connections: c.connections,
    duration: durationSec,
    requests: [
      {
        setupRequest: (req) => {
          const n = c.next();
          return {
            ...req,
            method: n.method ?? 'GET',
            path: n.path,
            headers: n.headers ?? {},
            body: n.body,
          };
        },
      },
    ],
  };
  // autocannon's return value is a thenable instance, not a full Promise.
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** A warm-up run (discarded), then the measured run, sampling the API's RSS every 250 ms. */
export async function measure(c: LoadCase): Promise<CaseResult> {
  if (c.warmupSec > 0) await run(c, c.warmupSec);
  let peak = 0;
  const sample = () => (peak = Math.max(peak, c.rss?.() ?? 0));
  const timer = setInterval(sample, 250);
  const result = await run(c, c.durationSec).finally(() => clearInterval(timer));
  sample();
  return {
    name: c.name,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    peakRssBytes: peak,
    throughputMBps: result.throughput.average / 1024 / 1024,
    note: c.note,
  };
}
