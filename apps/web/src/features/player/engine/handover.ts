import { locate, mixdown } from './alignment';
import type { ElementTap } from './elementTap';
import type { DecodedTrack } from './trackDecoder';

/** At context frame `contextFrame` the media element plays frame `bufferFrame` of the decoded track. */
export interface Alignment {
  contextFrame: number;
  bufferFrame: number;
}

/** 23 ms at 44.1 kHz: long enough to be unique in music, short enough to search quickly. */
const CAPTURE_FRAMES = 1024;
/** How far the element's clock may be from what it plays into the graph. */
const SEARCH_SECONDS = 0.2;
/** An exact copy scores 1; below this the element plays something else (or noise). */
const MIN_SCORE = 0.9;

/**
 * Lines the media element's output up with the decoded copy of the same track, to the frame:
 * records a moment of what the element plays (with its context frame) and finds it in the
 * buffer near where the element's clock says it is. Null when it cannot tell (silence, a stall,
 * no AudioWorklet): the caller then goes by the element's clock.
 */
export async function alignElement(
  tap: ElementTap,
  ctx: BaseAudioContext,
  decoded: DecodedTrack,
  elementPosition: () => number,
): Promise<Alignment | null> {
  const capture = await tap.capture(CAPTURE_FRAMES);
  if (!capture) return null;
  const rate = decoded.buffer.sampleRate;
  const sinceCapture = Math.round(ctx.currentTime * rate) - capture.startFrame;
  const guess = Math.round((decoded.window.start + elementPosition()) * rate) - sinceCapture;
  const radius = Math.round(SEARCH_SECONDS * rate);
  const around = mixdown(decoded.buffer, guess - radius, 2 * radius + CAPTURE_FRAMES);
  const found = locate(capture.samples, around, radius, radius);
  if (!found || found.score < MIN_SCORE) return null;
  return { contextFrame: capture.startFrame, bufferFrame: guess - radius + found.index };
}
