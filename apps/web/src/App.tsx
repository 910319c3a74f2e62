import { useCallback, useState } from 'react';
import { currentArea, type Area } from './session/session';
import { AdminShell } from './shells/AdminShell';
import { ListenerShell } from './shells/ListenerShell';
import { SignedOutShell } from './shells/SignedOutShell';
import { MediaSessionGate } from './session/MediaSessionGate';

/** The root gate: picks the admin area, the listener area or the signed-out shell. */
export function App() {
  const [area, setArea] = useState<Area>(() => currentArea());
  const onLoggedIn = useCallback(() => setArea(currentArea()), []);
  if (area === 'admin')
    return (
      <MediaSessionGate>
        <AdminShell />
      </MediaSessionGate>
    );
  if (area === 'listener')
    return (
      <MediaSessionGate>
        <ListenerShell />
      </MediaSessionGate>
    );
  return <SignedOutShell onLoggedIn={onLoggedIn} />;
}
