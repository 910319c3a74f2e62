export { ImportPlaylistPanel, reviewPath } from './ImportPlaylistPanel';
export { ExportButtons } from './ExportButtons';
export { downloadExport } from './api';
export { useImportSpotify } from './importQueries';
