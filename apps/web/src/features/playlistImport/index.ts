export { ImportPlaylistPanel, reviewPath } from './ImportPlaylistPanel';
export { ExportButtons } from './ExportButtons';
export { downloadExport } from './importApi';
export { useImportSpotify } from './importQueries';
