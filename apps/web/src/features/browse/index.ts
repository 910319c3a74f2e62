export { songLinks } from './songLinks';
