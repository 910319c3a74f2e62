import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { Logger } from '../logger.js';
import { TARGETS, type Profile } from './profiles.js';

export interface EncodeSpec {
  ffmpeg: string;
  source: string;
  profile: Profile;
  /** Seconds into the source to start from (a seek). */
  offset: number;
  /** Where the output is written while it grows; read by every listener of this encode. */
  partFile: string;
}

export function ffmpegArgs(spec: EncodeSpec): string[] {
  const target = TARGETS[spec.profile.format];
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    // Before -i: the input is read from the offset on, not decoded from the start and dropped.
    ...(spec.offset > 0 ? ['-ss', String(spec.offset)] : []),
    // file: keeps a name with a colon from being read as a protocol.
    '-i', `file:${spec.source}`,
    '-map', '0:a:0', '-vn',
    '-c:a', target.encoder, '-b:a', `${spec.profile.kbps}k`, ...target.options,
    ...(spec.profile.channels ? ['-ac', String(spec.profile.channels)] : []),
    '-threads', '1',
    '-f', target.muxer, 'pipe:1',
  ];
}

export type EncodeState = 'running' | 'done' | 'failed';

/** An encode to send: a finished file from the cache, or a running job the caller has joined. */
export type Encode = { kind: 'cached'; file: string } | { kind: 'live'; job: EncodeJob };

/**
 * One ffmpeg process writing one encode to a part file. Every request for the same source,
 * profile and offset listens to the same job and reads the part file as it grows, at its own
 * pace, from its first byte: an encode runs at ffmpeg's speed, not the slowest client's. When the
 * last listener leaves before the end, ffmpeg is killed and the part file removed.
 */
export class EncodeJob extends EventEmitter {
  state: EncodeState = 'running';
  /** Bytes in the part file that may be read. */
  bytes = 0;
  private audience = 0;
  private stopped = false;
  private process?: ChildProcess;
  private handle?: fs.promises.FileHandle;
  private readonly opened: Promise<fs.promises.FileHandle>;
  /** Resolves once ffmpeg has exited and the part file is complete (or abandoned). */
  readonly settled: Promise<EncodeState>;

  constructor(
    readonly spec: EncodeSpec,
    private readonly logger: Logger,
  ) {
    super();
    this.setMaxListeners(0);
    this.opened = fs.promises.open(spec.partFile, 'w+');
    this.settled = this.run();
    this.settled.catch(() => undefined);
  }

  private async run(): Promise<EncodeState> {
    let stderr = '';
    try {
      this.handle = await this.opened;
      if (this.audience === 0) throw new Error('abandoned before it started');
      const child = spawn(this.spec.ffmpeg, ffmpegArgs(this.spec), { stdio: ['ignore', 'pipe', 'pipe'] });
      this.process = child;
      child.stderr.on('data', (data: Buffer) => {
        stderr = (stderr + data.toString()).slice(-2000);
      });
      const exited = new Promise<number | null>((resolve, reject) => {
        child.once('error', reject);
        child.once('close', (code) => resolve(code));
      });
      exited.catch(() => undefined);
      for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
        await this.handle.write(chunk, 0, chunk.length, this.bytes);
        this.bytes += chunk.length;
        this.emit('change');
      }
      const code = await exited;
      if (code !== 0 || this.bytes === 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`);
      this.state = 'done';
    } catch (err) {
      this.process?.kill('SIGKILL');
      if (this.audience > 0) this.logger.warn({ err, source: this.spec.source }, 'transcode failed');
      this.state = 'failed';
      await fs.promises.rm(this.spec.partFile, { force: true });
    }
    this.emit('change');
    return this.state;
  }

  /** A listener joins; it must `leave()` when done. */
  join(): void {
    this.audience += 1;
  }

  /** The last listener to leave an unfinished encode stops it. */
  leave(): void {
    this.audience -= 1;
    if (this.audience === 0) {
      if (this.state === 'running') {
        this.stopped = true;
        this.process?.kill('SIGKILL');
      }
      void this.settled.then(() => this.closeIfIdle());
    }
  }

  private async closeIfIdle(): Promise<void> {
    if (this.audience > 0 || !this.handle) return;
    const handle = this.handle;
    this.handle = undefined;
    await handle.close().catch(() => undefined);
  }

  /** Reads from the part file (or the finished file it became: the handle outlives a rename). */
  async read(into: Buffer, position: number): Promise<number> {
    const handle = this.handle ?? (await this.opened);
    const { bytesRead } = await handle.read(into, 0, Math.min(into.length, this.bytes - position), position);
    return bytesRead;
  }

  /** Running and not being stopped: a new request may listen to it. */
  get joinable(): boolean {
    return this.state === 'running' && !this.stopped;
  }
}
