export { songLinks } from './songLinks';
export { BROWSE_ROUTES } from './routes';
