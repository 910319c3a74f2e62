import { useCallback, useState } from 'react';
import { currentArea, type Area } from './session/session';
import { AdminShell } from './shells/AdminShell';
import { ListenerShell } from './shells/ListenerShell';
import { SignedOutShell } from './shells/SignedOutShell';

/** The root gate: picks the admin area, the listener area or the signed-out shell. */
export function App() {
  const [area, setArea] = useState<Area>(() => currentArea());
  const onLoggedIn = useCallback(() => setArea(currentArea()), []);
  if (area === 'admin') return <AdminShell />;
  if (area === 'listener') return <ListenerShell />;
  return <SignedOutShell onLoggedIn={onLoggedIn} />;
}
