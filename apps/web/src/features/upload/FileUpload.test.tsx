import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LABELS, type MediaKind, type UploadResult } from '@samaa/shared';
import { FileUpload, UPLOAD_FAILED_HINT } from './FileUpload';
import type { ProgressListener, UploadBackend } from './uploadBackend';

/** A backend the test drives by hand: report progress, then finish or fail. */
function manualBackend() {
  let progress: ProgressListener = () => {};
  let finish: (r: UploadResult) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const calls: { file: File; kind: MediaKind }[] = [];
  const backend: UploadBackend = {
    name: 'media-store',
    upload: (file, kind, onProgress) => {
      calls.push({ file, kind });
      progress = onProgress;
      return new Promise((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
  };
  return {
    backend,
    calls,
    progress: (p: number) => act(() => progress(p)),
    finish: (r: UploadResult) => act(async () => finish(r)),
    fail: (e: unknown) => act(async () => fail(e)),
  };
}

const song = () => new File([new Uint8Array([0xff, 0xfb, 0x90, 0x64])], 'Song.mp3', { type: 'audio/mpeg' });

describe('FileUpload', () => {
  it('shows Upload only after a file is chosen, then progress, a check at 100% and the URL', async () => {
    const user = userEvent.setup();
    const manual = manualBackend();
    const onUploaded = vi.fn();
    render(<FileUpload kind="audio" label="Song" onUploaded={onUploaded} backend={manual.backend} />);

    expect(screen.queryByRole('button', { name: LABELS.upload })).toBeNull();
    await user.upload(screen.getByLabelText('Song'), song());
    await user.click(screen.getByRole('button', { name: LABELS.upload }));
    expect(manual.calls).toEqual([{ file: expect.objectContaining({ name: 'Song.mp3' }), kind: 'audio' }]);

    expect(screen.getByRole('status')).toHaveTextContent('0%');
    manual.progress(42);
    expect(screen.getByRole('status')).toHaveTextContent('42%');
    expect(screen.queryByAltText('Uploaded')).toBeNull();

    const result = { url: '/media/audio/1700000000000Song.mp3', metadata: { title: 'Song', duration: 30 } };
    await manual.finish(result);
    expect(screen.getByRole('status')).toHaveTextContent('100%');
    expect(screen.getByAltText('Uploaded')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(result);
  });

  it('accepts only the supported formats', () => {
    render(<FileUpload kind="image" label="Image" onUploaded={() => {}} backend={manualBackend().backend} />);
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', expect.stringContaining('image/webp'));
  });

  it('only logs an upload error, with a short hint, and lets the user retry', async () => {
    const user = userEvent.setup();
    const manual = manualBackend();
    const onUploaded = vi.fn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<FileUpload kind="audio" label="Song" onUploaded={onUploaded} backend={manual.backend} />);
    await user.upload(screen.getByLabelText('Song'), song());
    await user.click(screen.getByRole('button', { name: LABELS.upload }));
    await manual.fail(Object.assign(new Error('denied'), { code: 'storage/unauthorized' }));

    // The failure shows once the mutation's state reaches the screen (a tick later).
    expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_FAILED_HINT);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('storage/unauthorized'));
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: LABELS.upload })).toBeEnabled();
    log.mockRestore();
  });

  it('starts over when another file is chosen after an upload', async () => {
    const user = userEvent.setup();
    const manual = manualBackend();
    const onUploaded = vi.fn();
    render(<FileUpload kind="audio" label="Song" onUploaded={onUploaded} backend={manual.backend} />);
    const input = screen.getByLabelText('Song');
    await user.upload(input, song());
    await user.click(screen.getByRole('button', { name: LABELS.upload }));
    // The input is disabled while uploading; a new choice only comes after a failure or success.
    expect(input).toBeDisabled();
    await manual.finish({ url: '/media/audio/a.mp3' });
    expect(onUploaded).toHaveBeenCalledTimes(1);
    await user.upload(input, new File(['x'], 'Other.mp3', { type: 'audio/mpeg' }));
    expect(screen.queryByAltText('Uploaded')).toBeNull();
    expect(screen.getByRole('button', { name: LABELS.upload })).toBeInTheDocument();
  });
});
