import type { MediaKind, UploadResult } from '@samaa/shared';

/** Called with a whole percentage (0–100) as bytes go out. */
export type ProgressListener = (percent: number) => void;

/** Where a chosen file goes: our media store (tus) or Firebase Cloud Storage. */
export interface UploadBackend {
  readonly name: 'media-store' | 'firebase';
  upload(file: File, kind: MediaKind, onProgress: ProgressListener): Promise<UploadResult>;
}

export const percentOf = (sent: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
