export { ImportPlaylistPanel, reviewPath } from './ImportPlaylistPanel';
export { SaavnOptIn } from './SaavnOptIn';
export { ExportButtons } from './ExportButtons';
export { downloadExport } from './api';
export { useImportSpotify } from './importQueries';
