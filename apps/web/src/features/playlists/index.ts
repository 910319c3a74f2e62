export * from './playlistQueries';
export { AddToPlaylist } from './AddToPlaylist';
export { PlaylistCard, songCountLabel, type PlaylistCardProps } from './PlaylistCard';
export { PlaylistForm, FORM_CLOSE_DELAY_MS, type PlaylistFormMode } from './PlaylistForm';
export { fetchPlaylist } from './api';
