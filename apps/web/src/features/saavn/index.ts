export * from './saavnQueries';
export * from './api';
export { SaavnPlaylistGrid } from './SaavnPlaylistGrid';
