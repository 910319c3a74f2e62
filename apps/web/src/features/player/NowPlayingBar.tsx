// Placeholder: the compact now-playing bar, replaced by the player feature.
export function NowPlayingBar() {
  return null;
}
