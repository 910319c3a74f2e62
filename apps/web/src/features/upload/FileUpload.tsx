// Contract of the upload component (the media feature replaces the body, keeping the props).

export interface UploadedMetadata {
  title?: string;
  artist?: string;
  /** Seconds. */
  duration?: number;
  /** Media URL of embedded cover art, when the audio had one. */
  coverUrl?: string;
}

export interface UploadedFile {
  /** Public URL (Firebase download URL, or our /media/... path). */
  url: string;
  metadata?: UploadedMetadata;
}

export interface FileUploadProps {
  kind: 'audio' | 'image';
  /** Visible label of the file input. */
  label: string;
  onUploaded(result: UploadedFile): void;
}

export function FileUpload({ kind, label }: FileUploadProps) {
  return (
    <div className="field">
      <label>
        {label}
        <input type="file" accept={kind === 'audio' ? 'audio/*' : 'image/*'} />
      </label>
    </div>
  );
}
