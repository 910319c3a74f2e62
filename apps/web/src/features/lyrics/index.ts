export { useSongLyrics, useUploadLyrics, useRemoveLyrics, lyricsKey, prefetchLyrics } from './lyricsQueries';
export { currentLineIndex } from './currentLine';
export { isCatalogueSongId } from './api';
export { SongLyricsEditor } from './SongLyricsEditor';
