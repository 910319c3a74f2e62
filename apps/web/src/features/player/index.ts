export { PlayerProvider } from './PlayerProvider';
export { NowPlayingBar } from './NowPlayingBar';
export { useStartPlayback, type PlaybackSource } from './startPlayback';
