import type { ReactNode } from 'react';

// Placeholder: the app-wide audio engine, replaced by the player feature.
export function PlayerProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
