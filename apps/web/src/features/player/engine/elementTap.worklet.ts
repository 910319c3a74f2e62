/**
 * Runs in the AudioWorkletGlobalScope: on request, records the next frames of its input (the
 * media element's output, channels averaged) with the context frame of the first one.
 */
declare const currentFrame: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: typeof AudioWorkletProcessor): void;

class ElementTapProcessor extends AudioWorkletProcessor {
  private recording: Float32Array | null = null;
  private id = 0;
  private filled = 0;
  private startFrame = 0;

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<{ id: number; frames: number }>) => {
      this.id = event.data.id;
      this.recording = new Float32Array(event.data.frames);
      this.filled = 0;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const recording = this.recording;
    if (!recording) return true;
    const channels = inputs[0] ?? [];
    // No input (the element paused or stalled): a recording must be one unbroken stretch.
    if (channels.length === 0) {
      this.filled = 0;
      return true;
    }
    if (this.filled === 0) this.startFrame = currentFrame;
    const frames = Math.min(channels[0]!.length, recording.length - this.filled);
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      for (const channel of channels) sum += channel[i]!;
      recording[this.filled + i] = sum / channels.length;
    }
    this.filled += frames;
    if (this.filled === recording.length) {
      this.port.postMessage({ id: this.id, startFrame: this.startFrame, samples: recording }, [
        recording.buffer,
      ]);
      this.recording = null;
    }
    return true;
  }
}

registerProcessor('samaa-element-tap', ElementTapProcessor);
export {};
