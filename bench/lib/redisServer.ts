import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../../apps/api/src/test/spawnServer.js';

/*
 * A throwaway Redis for the bench's shared-engine mode: a multi-process deployment is configured
 * with REDIS_URL (docs/operations.md), so the API under load runs with it, as it would there.
 */

export interface BenchRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

/** Starts `redis-server` on a free loopback port without persistence; undefined when it is not installed. */
export async function startBenchRedis(): Promise<BenchRedis | undefined> {
  const port = await freePort();
  let child: ChildProcess;
  try {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
  } catch {
    return undefined;
  }
  const failed = new Promise<false>((resolve) => {
    child.once('error', () => resolve(false));
    child.once('exit', () => resolve(false));
  });
  for (let i = 0; i < 50; i += 1) {
    const up = await Promise.race([pong(port), failed]);
    if (up) {
      return {
        url: `redis://127.0.0.1:${port}`,
        pid: child.pid!,
        stop: async () => {
          if (child.exitCode !== null) return;
          const exited = new Promise<void>((r) => child.once('exit', () => r()));
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    if (child.exitCode !== null || child.signalCode !== null) return undefined;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  return undefined;
}
