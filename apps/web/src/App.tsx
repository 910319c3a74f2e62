import { lazy, Suspense, useCallback, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from './components/Loading';
import { currentArea, type Area } from './session/session';
import { AdminShell } from './shells/AdminShell';
import { ListenerShell } from './shells/ListenerShell';
import { SignedOutShell } from './shells/SignedOutShell';
import { MediaSessionGate } from './session/MediaSessionGate';

const PublicSharePage = lazy(() => import('./features/shares/PublicSharePage'));

/** The root gate: picks the admin area, the listener area or the signed-out shell. */
function AreaGate() {
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

/** A share link's page is open to anyone, signed in or not, outside every area's shell. */
export function App() {
  return (
    <Routes>
      <Route
        path="/s/:id"
        element={
          <Suspense fallback={<Loading />}>
            <PublicSharePage />
          </Suspense>
        }
      />
      <Route path="*" element={<AreaGate />} />
    </Routes>
  );
}
