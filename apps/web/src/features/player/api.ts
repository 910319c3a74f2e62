import type { PlayReport } from '@samaa/shared';
import { api } from '../../api/client';

/** POST /api/plays: one listen of a catalogue song (best effort). */
export async function reportPlay(report: PlayReport): Promise<void> {
  await api.post('/plays', report);
}
