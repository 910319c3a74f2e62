import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COVER_PATH, type MediaKind, type UploadResult } from '@samaa/shared';
import { mockApi, type ApiMock } from '../../test/apiMock';
import type { UploadBackend } from '../upload/uploadBackend';
import { BulkUpload } from './BulkUpload';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

/** Uploads that the test finishes by hand, one by one. */
function manualBackend() {
  const pending = new Map<string, { progress(p: number): void; resolve(r: UploadResult): void; reject(e: unknown): void }>();
  const backend: UploadBackend = {
    name: 'media-store',
    upload: (file: File, _kind: MediaKind, onProgress) =>
      new Promise<UploadResult>((resolve, reject) => pending.set(file.name, { progress: onProgress, resolve, reject })),
  };
  return { backend, pending };
}

const audio = (name: string) => new File(['x'], name, { type: 'audio/mpeg' });
const item = (name: string) => screen.getAllByTestId('bulk-item').find((el) => el.textContent?.includes(name))!;

describe('BulkUpload', () => {
  it('uploads each file with its own progress, pre-fills from tags, and saves all in one click; a failure says why and stops nothing', async () => {
    const { backend, pending } = manualBackend();
    const created: unknown[] = [];
    mock = mockApi({
      'POST /songs': (req) => {
        const body = req.body as { name: string };
        if (body.name === 'Bad Song') return [400, { message: 'Name is not allowed' }];
        created.push(body);
        return [201, { data: { _id: String(created.length), ...body } }];
      },
    });
    const onSaved = vi.fn();
    render(<BulkUpload backend={backend} onSaved={onSaved} />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose files'), [audio('01 - One.mp3'), audio('two.mp3'), audio('three.mp3'), audio('bad.mp3')]);
    expect(screen.getAllByTestId('bulk-item')).toHaveLength(4);

    pending.get('01 - One.mp3')!.progress(40);
    await waitFor(() => expect(within(item('01 - One.mp3')).getByRole('status')).toHaveTextContent('40%'));
    expect(within(item('01 - One.mp3')).getByRole('progressbar')).toHaveAttribute('value', '40');
    expect(screen.getByRole('button', { name: /Save all/ })).toBeDisabled();

    pending.get('01 - One.mp3')!.resolve({ url: '/media/audio/1one.mp3', metadata: { title: 'First One', artist: 'Tagged Artist', album: 'Debut', trackNumber: 1, coverUrl: '/media/images/c1.png' } });
    pending.get('two.mp3')!.resolve({ url: '/media/audio/2two.mp3', metadata: {} });
    pending.get('three.mp3')!.reject({ originalResponse: { getBody: () => JSON.stringify({ message: 'The file is not a supported audio format' }) } });
    pending.get('bad.mp3')!.resolve({ url: '/media/audio/4bad.mp3', metadata: { title: 'Bad Song', artist: 'X' } });
    await waitFor(() => expect(within(item('three.mp3')).getByRole('alert')).toHaveTextContent('not a supported audio format'));

    expect(within(item('01 - One.mp3')).getByLabelText('Name')).toHaveValue('First One');
    expect(within(item('two.mp3')).getByLabelText('Name')).toHaveValue('two');
    await user.type(within(item('two.mp3')).getByLabelText('Artist'), 'Typed Artist');
    await user.click(screen.getByRole('button', { name: 'Save all (3)' }));

    await waitFor(() => expect(within(item('bad.mp3')).getByRole('alert')).toHaveTextContent('Name is not allowed'));
    expect(created).toEqual([
      expect.objectContaining({ name: 'First One', artist: 'Tagged Artist', album: 'Debut', trackNumber: 1, img: '/media/images/c1.png', song: '/media/audio/1one.mp3' }),
      expect.objectContaining({ name: 'two', artist: 'Typed Artist', img: DEFAULT_COVER_PATH, song: '/media/audio/2two.mp3' }),
    ]);
    expect(within(item('two.mp3')).getByRole('status')).toHaveTextContent('Saved');
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save all (1)' })).toBeEnabled();
  });
});
