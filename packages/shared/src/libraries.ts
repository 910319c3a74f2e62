import Joi from 'joi';

/** A music folder as admins see it on the Libraries page (GET /api/admin/libraries). */
export interface LibraryView {
  id: string;
  name: string;
  path: string;
  /** Songs in the catalogue from this folder, and audio files seen, as of the last scan. */
  songs: number;
  files: number;
  /** ISO date of the last finished scan, and how long it took. */
  lastScanAt?: string;
  durationMs?: number;
  scanning: boolean;
  /** Files read of those to read, while scanning. */
  progress?: { done: number; total: number };
  /** Files that could not be read, with the reason (the first 200). */
  errors: { path: string; error: string }[];
  errorCount: number;
  /** Why the folder itself cannot be scanned (missing, unreadable). */
  problem?: string;
}

/** Body of POST /api/admin/libraries/:id/scan (optional). */
export interface ScanRequest {
  /** Ignore the directory stamps and read every file's tags again. */
  full?: boolean;
}

export const scanRequestSchema = Joi.object<ScanRequest>({
  full: Joi.boolean().label('Full rescan'),
});

export const LIBRARY_MESSAGES = {
  scanStarted: 'Scan started',
  fullScanStarted: 'Full rescan started: every file is read again',
  fullScanHint: 'Scan now reads the folders that changed. Full rescan reads every file again, for files edited in place while the server was stopped.',
  scanQueued: 'A scan is running; another will follow it',
  notFound: 'Library not found',
  noLibraries: 'No music folders are configured. Set MUSIC_DIRS to scan an existing collection.',
} as const;
