export { default as FavouritesPage } from './FavouritesPage';
