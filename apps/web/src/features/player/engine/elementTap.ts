import tapModuleUrl from './elementTap.worklet.ts?worker&url';

/** A stretch of what the media element played into the graph, from context frame `startFrame`. */
export interface Capture {
  startFrame: number;
  samples: Float32Array;
}

/** A recording asked for and not delivered by then (the element stalled) is given up. */
const CAPTURE_TIMEOUT_MS = 1000;

/**
 * Records short stretches of the media element's output on the context's own frame clock (an
 * AudioWorklet), so that the decoded copy of the same track can be lined up with it to the sample.
 */
export class ElementTap {
  private pending: { id: number; resolve: (capture: Capture | null) => void } | null = null;
  private lastId = 0;

  private constructor(
    private readonly node: AudioWorkletNode,
    private readonly sink: GainNode,
  ) {
    node.port.onmessage = (event: MessageEvent<Capture & { id: number }>) => {
      if (event.data.id === this.pending?.id) this.settle(event.data);
    };
  }

  /** Null where the browser has no AudioWorklet or refuses the module. */
  static async create(ctx: AudioContext): Promise<ElementTap | null> {
    try {
      if (!ctx.audioWorklet) return null;
      await ctx.audioWorklet.addModule(tapModuleUrl);
      const node = new AudioWorkletNode(ctx, 'samaa-element-tap', {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        outputChannelCount: [1],
      });
      // A silent path to the destination keeps the recorder in the rendered graph.
      const sink = ctx.createGain();
      sink.gain.value = 0;
      node.connect(sink);
      sink.connect(ctx.destination);
      return new ElementTap(node, sink);
    } catch (err) {
      console.warn('No element tap: the handover to decoded audio is placed by the clock', err);
      return null;
    }
  }

  /** Records what `source` plays (connecting twice is harmless). */
  listenTo(source: AudioNode): void {
    source.connect(this.node);
  }

  /** The next `frames` frames the element plays; null if they do not come in time. */
  capture(frames: number): Promise<Capture | null> {
    this.settle(null);
    const id = ++this.lastId;
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => this.settle(null), CAPTURE_TIMEOUT_MS);
      this.pending = {
        id,
        resolve: (capture) => {
          window.clearTimeout(timer);
          resolve(capture);
        },
      };
      this.node.port.postMessage({ id, frames });
    });
  }

  private settle(capture: Capture | null): void {
    const pending = this.pending;
    this.pending = null;
    pending?.resolve(capture);
  }
}
