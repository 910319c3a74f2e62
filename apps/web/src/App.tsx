import { lazy, Suspense, useCallback, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from './components/Loading';
import { currentArea, type Area } from './session/session';
import { MediaSessionGate } from './session/MediaSessionGate';

// Each area's shell is its own chunk: a signed-out visitor does not download the player, the
// playlists and the forms' schemas, and a listener does not download the admin area.
const AdminShell = lazy(() => import('./shells/AdminShell').then((m) => ({ default: m.AdminShell })));
const ListenerShell = lazy(() => import('./shells/ListenerShell').then((m) => ({ default: m.ListenerShell })));
const SignedOutShell = lazy(() => import('./shells/SignedOutShell').then((m) => ({ default: m.SignedOutShell })));
const PublicSharePage = lazy(() => import('./features/shares/PublicSharePage'));

/** The root gate: picks the admin area, the listener area or the signed-out shell. */
function AreaGate() {
  const [area, setArea] = useState<Area>(() => currentArea());
  const onLoggedIn = useCallback(() => setArea(currentArea()), []);
  return <Suspense fallback={<Loading />}>{areaShell(area, onLoggedIn)}</Suspense>;
}

function areaShell(area: Area, onLoggedIn: () => void) {
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
