export { SongActions } from './SongActions';
export { SongMenu } from './SongMenu';
