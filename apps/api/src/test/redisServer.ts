import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './spawnServer.js';

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Whether Debian's redis-server is on the PATH (.ci/run installs it). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** A private redis-server for one test file, on a free loopback port (or `port`, to restart one). */
export async function startRedisServer(port?: number): Promise<RunningRedis> {
  const p = port ?? (await freePort());
  const child: ChildProcess = spawn('redis-server', ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (!(await listening(p))) {
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${p}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
