import { DEFAULT_COVER_PATH, type SongInput, type UploadResult } from '@samaa/shared';

/** One file of a bulk upload, from choosing it to saving its song. */
export interface BulkItem {
  key: string;
  file: File;
  status: 'uploading' | 'uploaded' | 'upload-failed' | 'saving' | 'saved' | 'save-failed';
  percent: number;
  name: string;
  artist: string;
  result?: UploadResult;
  error?: string;
}

const stem = (fileName: string) => fileName.replace(/\.[^.]+$/, '').replace(/^\d{1,3}[\s.\-_]+/, '').trim();

export function newBulkItem(file: File, index: number): BulkItem {
  return { key: `${Date.now()}-${index}-${file.name}`, file, status: 'uploading', percent: 0, name: stem(file.name), artist: '' };
}

/** The upload's tags fill what the admin has not typed. */
export function withUpload(item: BulkItem, result: UploadResult): BulkItem {
  const tags = result.metadata ?? {};
  return {
    ...item,
    status: 'uploaded',
    percent: 100,
    result,
    name: tags.title ?? item.name,
    artist: item.artist || tags.artist || '',
  };
}

/** The song to save: tags from the file, its embedded cover or the default one. */
export function songOf(item: BulkItem): SongInput {
  const { title: _title, artist: _artist, coverUrl, ...tags } = item.result?.metadata ?? {};
  return { ...tags, name: item.name.trim(), artist: item.artist.trim(), img: coverUrl ?? DEFAULT_COVER_PATH, song: item.result!.url };
}

export function missingFields(item: BulkItem): string | undefined {
  if (!item.name.trim()) return 'Give the song a name.';
  if (!item.artist.trim()) return 'Give the song an artist.';
  return undefined;
}
