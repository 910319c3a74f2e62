export * from './catalogueQueries';
export { fetchSongPage, searchCatalogue, asSongPage, type SongPage } from './api';
