/** Where a short recording of a track was found in its decoded buffer, and how sure that is. */
export interface Located {
  /** Frame of the buffer that matches the recording's first frame. */
  index: number;
  /** Normalised correlation, 1 for an exact copy. */
  score: number;
}

/** Below this the recording is taken as silence: any offset would match it. */
const SILENT_ENERGY = 1e-6;

/** The average of a buffer's channels over [from, from + length), zero past its ends. */
export function mixdown(
  buffer: Pick<AudioBuffer, 'numberOfChannels' | 'length' | 'getChannelData'>,
  from: number,
  length: number,
): Float32Array {
  const out = new Float32Array(length);
  const start = Math.max(0, from);
  const end = Math.min(buffer.length, from + length);
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const data = buffer.getChannelData(c);
    for (let i = start; i < end; i++) out[i - from]! += data[i]! / buffer.numberOfChannels;
  }
  return out;
}

/**
 * Finds `needle` in `haystack` by normalised cross-correlation, trying each offset from the
 * nearest to `around` outwards, within `radius` frames: of equal matches (a periodic sound) the
 * nearest wins. Null when the needle is silent or lies outside the haystack.
 */
export function locate(
  needle: Float32Array,
  haystack: Float32Array,
  around: number,
  radius: number,
): Located | null {
  const n = needle.length;
  let needleEnergy = 0;
  for (let i = 0; i < n; i++) needleEnergy += needle[i]! ** 2;
  if (needleEnergy < SILENT_ENERGY * n) return null;
  let best: Located | null = null;
  for (let step = 0; step <= 2 * radius; step++) {
    const index = around + (step % 2 === 0 ? step / 2 : -(step + 1) / 2);
    if (index < 0 || index + n > haystack.length) continue;
    let dot = 0;
    let energy = 0;
    for (let i = 0; i < n; i++) {
      const h = haystack[index + i]!;
      dot += needle[i]! * h;
      energy += h * h;
    }
    if (energy === 0) continue;
    const score = dot / Math.sqrt(needleEnergy * energy);
    if (!best || score > best.score + 1e-9) best = { index, score };
  }
  return best;
}
