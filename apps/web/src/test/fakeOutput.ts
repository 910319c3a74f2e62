import type { PlayerTrack } from '../features/player/queue';
import type { AudioOutput, OutputEvents } from '../features/player/engine/output';

/** An output that only records what the engine asks of it, and lets a test speak for it. */
export class FakeOutput implements AudioOutput {
  calls: string[] = [];
  at = 0;
  length = 0;
  upcoming: PlayerTrack | null = null;
  constructor(readonly events: OutputEvents) {}
  load(t: PlayerTrack, offset: number, playing: boolean) {
    this.calls.push(`load ${t.id} @${offset} ${playing ? 'playing' : 'paused'}`);
    this.at = offset;
  }
  unload() {
    this.calls.push('unload');
  }
  setPlaying(playing: boolean) {
    this.calls.push(playing ? 'play' : 'pause');
  }
  seek(seconds: number) {
    this.calls.push(`seek ${seconds}`);
    this.at = seconds;
  }
  setUpcoming(t: PlayerTrack | null) {
    this.upcoming = t;
  }
  setVolume(volume: number, muted: boolean) {
    this.calls.push(`volume ${volume}${muted ? ' muted' : ''}`);
  }
  setSettings() {}
  position() {
    return this.at;
  }
  duration() {
    return this.length;
  }
  dispose() {
    this.calls.push('dispose');
  }
}

