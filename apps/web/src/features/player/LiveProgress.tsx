import { ProgressDisc } from './ProgressDisc';
import { SeekBar } from './SeekBar';
import { usePlayerEngine, usePlayerState } from './usePlayer';

/** The parts of /player that show the position: the only ones a progress tick re-renders. */

export function LiveProgressDisc({ img }: { img: string }) {
  const playing = usePlayerState((s) => s.playback.playing);
  const progress = usePlayerState((s) => (s.duration ? s.position / s.duration : 0));
  return <ProgressDisc img={img} playing={playing} progress={progress} />;
}

export function LiveSeekBar() {
  const { seek } = usePlayerEngine();
  const position = usePlayerState((s) => s.position);
  const duration = usePlayerState((s) => s.duration);
  return <SeekBar position={position} duration={duration} onSeek={seek} />;
}
