import * as tus from 'tus-js-client';
import type { UploadResult } from '@samaa/shared';
import { percentOf, type UploadBackend } from './uploadBackend';

/** Under the proxy's body limit (nginx: 60m), large enough to keep requests few. */
const CHUNK_BYTES = 8 * 1024 * 1024;

export interface TusBackendOptions {
  /** `${API_BASE_URL}/uploads` */
  endpoint: string;
  /** The admin token, read when an upload starts. */
  getToken(): string | null;
}

/**
 * Our media store over tus: resumable (an interrupted upload of the same file continues where
 * it stopped, even after a reload), validated and stored by the API, which answers the final
 * request with `{ url, metadata }`.
 */
export function createTusBackend({ endpoint, getToken }: TusBackendOptions): UploadBackend {
  return {
    name: 'media-store',
    upload(file, kind, onProgress) {
      return new Promise<UploadResult>((resolve, reject) => {
        const upload = new tus.Upload(file, {
          endpoint,
          chunkSize: CHUNK_BYTES,
          retryDelays: [0, 1000, 3000, 5000],
          removeFingerprintOnSuccess: true,
          headers: { 'x-auth-token': getToken() ?? '' },
          metadata: { filename: file.name, filetype: file.type, kind },
          onProgress: (sent, total) => onProgress(percentOf(sent, total)),
          onSuccess: ({ lastResponse }) => {
            try {
              resolve(JSON.parse(lastResponse.getBody()) as UploadResult);
            } catch (err) {
              reject(err instanceof Error ? err : new Error(String(err)));
            }
          },
          onError: reject,
        });
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        }, reject);
      });
    },
  };
}
