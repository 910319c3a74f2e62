import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { BROWSE_MESSAGES, PASSWORD_MESSAGES, SCROBBLE_MESSAGES, SHARE_MESSAGES } from '@samaa/shared';
import { Sidebar } from './Sidebar';
import { Page } from './Page';
import { NotFound } from '../components/NotFound';
import { LogoutButton } from '../session/LogoutButton';
import { getStoredUser, logoutUser } from '../session/session';
import { PlayerProvider } from '../features/player';
import { NowPlayingBar } from '../features/player';
import { useSharesEnabled } from '../features/shares';
import { BROWSE_ROUTES } from '../features/browse';

const HomePage = lazy(() => import('../features/home/HomePage'));
const LibraryPage = lazy(() => import('../features/library/LibraryPage'));
const FeedPage = lazy(() => import('../features/feed/FeedPage'));
const TrendingPage = lazy(() => import('../features/trending/TrendingPage'));
const FavouritesPage = lazy(() => import('../features/favourites/FavouritesPage'));
const PlayerPage = lazy(() => import('../features/player/PlayerPage'));
const ChangePasswordPage = lazy(() => import('../features/account/ChangePasswordPage'));
const ScrobblingPage = lazy(() => import('../features/account/ScrobblingPage'));
const AppsPage = lazy(() => import('../features/apps/AppsPage'));
const ImportReviewPage = lazy(() => import('../features/playlistImport/ImportReviewPage'));
const SharesPage = lazy(() => import('../features/shares/SharesPage'));
const PlaylistPage = lazy(() => import('../features/playlists/PlaylistPage'));

const LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/library', label: 'Library' },
  { to: '/albums', label: BROWSE_MESSAGES.albums },
  { to: '/artists', label: BROWSE_MESSAGES.artists },
  { to: '/genres', label: BROWSE_MESSAGES.genres },
  { to: '/feed', label: 'Feed' },
  { to: '/trending', label: 'Trending' },
  { to: '/favourites', label: 'Liked Songs' },
  { to: '/player', label: 'Player' },
  { to: '/shares', label: SHARE_MESSAGES.title },
  { to: '/apps', label: 'Apps' },
  { to: '/account/scrobbling', label: SCROBBLE_MESSAGES.title },
  { to: '/account/password', label: PASSWORD_MESSAGES.changeTitle },
];

export function ListenerShell() {
  const user = getStoredUser();
  // The Shares link shows once the server says sharing is on (SHARES).
  const links = useSharesEnabled() ? LINKS : LINKS.filter((link) => link.to !== '/shares');
  return (
    <PlayerProvider>
      <div className="shell shell--listener">
        <Sidebar
          links={links}
          header={<p className="sidebar__greeting">Hi, {user?.name ?? 'listener'}</p>}
          footer={
            <>
              <LogoutButton leave={logoutUser} />
              <p className="sidebar__credit">Made with love by the Samaa team</p>
            </>
          }
        />
        <Page>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/home" element={<HomePage />} />
            <Route path="/library" element={<LibraryPage />} />
            <Route path="/library/import/:id" element={<ImportReviewPage />} />
            {BROWSE_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="/playlists/:id" element={<PlaylistPage />} />
            <Route path="/feed" element={<FeedPage />} />
            <Route path="/player" element={<PlayerPage />} />
            <Route path="/trending" element={<TrendingPage />} />
            <Route path="/favourites" element={<FavouritesPage />} />
            <Route path="/apps" element={<AppsPage />} />
            <Route path="/shares" element={<SharesPage />} />
            <Route path="/account/scrobbling" element={<ScrobblingPage />} />
            <Route path="/account/password" element={<ChangePasswordPage />} />
            <Route path="*" element={<NotFound fullWidth />} />
          </Routes>
        </Page>
        <NowPlayingBar />
      </div>
    </PlayerProvider>
  );
}
