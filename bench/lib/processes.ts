import fs from 'node:fs';

/** Process ids of `pid` and all its descendants (Linux /proc): the API, its engine and its workers. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    try {
      for (const task of fs.readdirSync(`/proc/${out[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      /* the process is gone */
    }
  }
  return out;
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Milliseconds of CPU per request, from the CPU seconds a process spent over a case (warm-up
 * included) and the case's rate: the requests of the warm-up are counted at the measured rate.
 */
export function cpuMsPerRequest(cpuSeconds: number, requestsPerSec: number, durationSec: number, warmupSec: number): string {
  return ((cpuSeconds * 1000) / (requestsPerSec * (durationSec + warmupSec))).toFixed(2);
}

/** Bytes as whole megabytes (MiB), for the reports. */
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
