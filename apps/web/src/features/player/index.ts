export { PlayerProvider } from './PlayerProvider';
export { NowPlayingBar } from './NowPlayingBar';
export { useStartPlayback, type PlaybackSource, type StartOptions } from './startPlayback';
export { usePlayerEngine, usePlayerState } from './usePlayer';
export type { PlayerTrack } from './queue';
export { useQueueActions } from './useQueueActions';
