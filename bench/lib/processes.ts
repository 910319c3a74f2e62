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
