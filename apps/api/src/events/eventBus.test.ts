import { describe, expect, it } from 'vitest';
import { capturedLogger } from '../test/logLines.js';
import { createEventBus } from './eventBus.js';

interface TestEvents {
  gone: string;
}

function capturedBus() {
  const { logger, lines } = capturedLogger('info');
  return { events: createEventBus<TestEvents>(logger), lines };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createEventBus', () => {
  it('calls every handler with the payload, side by side, and resolves once all are done', async () => {
    const { events } = capturedBus();
    const started: string[] = [];
    const finished: string[] = [];
    const handler = (name: string, ms: number) => async (id: string) => {
      started.push(`${name}:${id}`);
      await tick(ms);
      finished.push(name);
    };
    events.on('gone', handler('slow', 40));
    events.on('gone', handler('fast', 5));
    events.on('gone', (id) => void started.push(`sync:${id}`));

    const emitted = events.emit('gone', 'u1');
    // Both async handlers started before either finished: they run side by side.
    expect(started).toEqual(['slow:u1', 'fast:u1', 'sync:u1']);
    expect(finished).toEqual([]);
    await emitted;
    expect(finished).toEqual(['fast', 'slow']);
  });

  it('logs a failing handler with its owner, runs the others to the end and does not reject', async () => {
    const { events, lines } = capturedBus();
    const done: string[] = [];
    events.on('gone', () => Promise.reject(new Error('disk full')), 'likes');
    events.on(
      'gone',
      () => {
        throw new Error('thrown at once');
      },
      'playlists',
    );
    events.on(
      'gone',
      async () => {
        await tick(20);
        done.push('lyrics');
      },
      'lyrics',
    );

    await expect(events.emit('gone', 's1')).resolves.toBeUndefined();
    expect(done).toEqual(['lyrics']);
    await tick(10);
    const errors = lines.filter((line) => line.level === 50);
    expect(
      errors.map((line) => [
        line.owner,
        line.event,
        line.payload,
        (line.err as { message: string }).message,
      ]),
    ).toEqual([
      ['likes', 'gone', 's1', 'disk full'],
      ['playlists', 'gone', 's1', 'thrown at once'],
    ]);
  });

  it('stops calling a handler once unsubscribed, and counts the handlers', async () => {
    const { events } = capturedBus();
    const calls: string[] = [];
    const off = events.on('gone', (id) => void calls.push(id));
    expect(events.listenerCount('gone')).toBe(1);
    await events.emit('gone', 'a');
    off();
    expect(events.listenerCount('gone')).toBe(0);
    await events.emit('gone', 'b');
    expect(calls).toEqual(['a']);
  });
});
