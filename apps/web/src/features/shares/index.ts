export { useSongShareItems } from './SongShareMenu';
export { useShareDialog } from './useShareDialog';
export { useSharesEnabled } from './api';
