export { PlayerProvider } from './PlayerProvider';
export { NowPlayingBar } from './NowPlayingBar';
