import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LABELS, type UploadMetadata, type UploadResult } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
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


/**
 * The file picker: choose a file, then an Upload button appears; a percentage shows during
 * the upload and a check at 100%; the resulting URL goes to the form through onUploaded.
 * Errors are only logged (plus a short hint).
 */
export function FileUpload({ kind, label, onUploaded, backend }: FileUploadProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  // Each chosen file is a new attempt: progress of an earlier upload no longer applies.
  const attempt = useRef(0);
  const sending = useMutation(
    {
      mutationFn: ({ chosen, current }: { chosen: File; current: number }) =>
        (backend ?? configuredUploadBackend()).upload(chosen, kind, (p) => {
          if (attempt.current === current) setPercent(p);
        }),
      onError: logUploadError,
    },
    queryClient,
  );
  // idle, uploading ('pending'), done ('success') or failed ('error').
  const status = sending.status;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    attempt.current += 1;
    // The observer forgets the earlier upload: its result is not reported.
    sending.reset();
    setFile(event.target.files?.[0] ?? null);
    setPercent(0);
  };

  const upload = () => {
    if (!file) return;
    setPercent(0);
    sending.mutate(
      { chosen: file, current: ++attempt.current },
      {
        onSuccess: (result) => {
          setPercent(100);
          onUploaded(result);
        },
      },
    );
  };

  return (
    <div className="field upload">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} type="file" accept={ACCEPT[kind]} onChange={choose} disabled={status === 'pending'} />
      {file && (
        <div className="upload__row">
          {status !== 'success' && (
            <button type="button" className="btn btn--small" onClick={upload} disabled={status === 'pending'}>
              {LABELS.upload}
            </button>
          )}
          {status !== 'idle' && status !== 'error' && (
            <span className="upload__progress" role="status" aria-live="polite">
              {percent}%
            </span>
          )}
          {status === 'success' && <img className="upload__check" src={checkUrl} alt="Uploaded" />}
        </div>
      )}
      {status === 'error' && (
        <p className="upload__hint" role="alert">
          {UPLOAD_FAILED_HINT}
        </p>
      )}
    </div>
  );
}
