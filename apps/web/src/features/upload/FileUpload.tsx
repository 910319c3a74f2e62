import { useId, useRef, useState, type ChangeEvent } from 'react';
import { LABELS, type UploadMetadata, type UploadResult } from '@samaa/shared';
import { configuredUploadBackend } from './backends';
import type { UploadBackend } from './uploadBackend';
import { logUploadError } from './uploadErrors';
import checkUrl from './check.svg';
import './FileUpload.css';

export type UploadedMetadata = UploadMetadata;
export type UploadedFile = UploadResult;

export interface FileUploadProps {
  kind: 'audio' | 'image';
  /** Visible label of the file input. */
  label: string;
  onUploaded(result: UploadedFile): void;
  /** Where the file goes; defaults to the configured backend (media store or Firebase). */
  backend?: UploadBackend;
}

const ACCEPT = {
  audio: '.mp3,.m4a,.aac,.ogg,.oga,.opus,.wav,.flac,audio/*',
  image: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
} as const;

export const UPLOAD_FAILED_HINT = 'Upload failed. Please try again.';

type Status = 'idle' | 'uploading' | 'done' | 'failed';

/**
 * The file picker: choose a file, then an Upload button appears; a percentage shows during
 * the upload and a check at 100%; the resulting URL goes to the form through onUploaded.
 * Errors are only logged (plus a short hint).
 */
export function FileUpload({ kind, label, onUploaded, backend }: FileUploadProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [percent, setPercent] = useState(0);
  const attempt = useRef(0);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    attempt.current += 1; // results of an earlier upload no longer apply
    setFile(event.target.files?.[0] ?? null);
    setStatus('idle');
    setPercent(0);
  };

  const upload = async () => {
    if (!file) return;
    const current = ++attempt.current;
    const target = backend ?? configuredUploadBackend();
    setStatus('uploading');
    setPercent(0);
    try {
      const result = await target.upload(file, kind, (p) => {
        if (attempt.current === current) setPercent(p);
      });
      if (attempt.current !== current) return;
      setPercent(100);
      setStatus('done');
      onUploaded(result);
    } catch (error) {
      logUploadError(error);
      if (attempt.current === current) setStatus('failed');
    }
  };

  return (
    <div className="field upload">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} type="file" accept={ACCEPT[kind]} onChange={choose} disabled={status === 'uploading'} />
      {file && (
        <div className="upload__row">
          {status !== 'done' && (
            <button type="button" className="btn btn--small" onClick={upload} disabled={status === 'uploading'}>
              {LABELS.upload}
            </button>
          )}
          {status !== 'idle' && status !== 'failed' && (
            <span className="upload__progress" role="status" aria-live="polite">
              {percent}%
            </span>
          )}
          {status === 'done' && <img className="upload__check" src={checkUrl} alt="Uploaded" />}
        </div>
      )}
      {status === 'failed' && (
        <p className="upload__hint" role="alert">
          {UPLOAD_FAILED_HINT}
        </p>
      )}
    </div>
  );
}
