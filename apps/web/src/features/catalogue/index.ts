export * from './catalogueQueries';
export { fetchSongPage, searchCatalogue, searchAlbumsAndArtists, asSongPage, type SongPage } from './api';
