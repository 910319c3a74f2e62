import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const AlbumsPage = lazy(() => import('./AlbumsPage'));
const AlbumPage = lazy(() => import('./AlbumPage'));
const ArtistsPage = lazy(() => import('./ArtistsPage'));
const ArtistPage = lazy(() => import('./ArtistPage'));
const GenresPage = lazy(() => import('./GenresPage'));
const GenrePage = lazy(() => import('./GenrePage'));
const SongPlaceRedirect = lazy(() => import('./SongPlaceRedirect'));

/** The browse pages where the listener shell mounts them, each loaded when first opened. */
export const BROWSE_ROUTES: { path: string; element: RouteObject['element'] }[] = [
  { path: '/albums', element: <AlbumsPage /> },
  { path: '/albums/:id', element: <AlbumPage /> },
  { path: '/artists', element: <ArtistsPage /> },
  { path: '/artists/:id', element: <ArtistPage /> },
  { path: '/genres', element: <GenresPage /> },
  { path: '/genres/:name', element: <GenrePage /> },
  { path: '/songs/:id/album', element: <SongPlaceRedirect to="album" /> },
  { path: '/songs/:id/artist', element: <SongPlaceRedirect to="artist" /> },
];
