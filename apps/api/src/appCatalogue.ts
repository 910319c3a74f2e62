import path from 'node:path';
import type { Config } from './config/config.js';
import { AppData } from './db/appData.js';
import { catalogueStore } from './songs/songCatalogue.repo.js';
import { createCatalogue, type Catalogue, type CatalogueView } from './songs/catalogue.js';
import { searchIndexView } from './search/songIndex.js';
import { warmCatalogueSearch } from './search/searchCatalogue.js';
import { searchAnswersView } from './search/search.service.js';
import { libraryView } from './subsonic/library.js';
import { genreIndexView } from './subsonic/genreIndex.js';
import { keptAnswersView } from './subsonic/keptAnswers.js';
import { matchIndexView } from './playlistImport/matchIndex.js';

/**
 * The catalogue's views, in the order a song write patches them: the library before the genre
 * index, which follows what the library's patch touched.
 */
export const CATALOGUE_VIEWS: readonly CatalogueView<unknown>[] = [
  searchIndexView,
  searchAnswersView,
  libraryView,
  genreIndexView,
  keptAnswersView,
  matchIndexView,
] as CatalogueView<unknown>[];


/** Where the server (and the seed, for the server's next start) keeps the catalogue between runs. */
export const catalogueSnapshotFile = (config: Config) => path.join(config.dataDir, 'cache', `catalogue-${config.mongodbDbName}.snapshot`);

/**
 * The app's catalogue of the songs in `data` (default: Mongoose's default connection), with every
 * view; `snapshotFile` keeps it between runs.
 */
export function createAppCatalogue({ data = new AppData(), snapshotFile }: { data?: AppData; snapshotFile?: string } = {}): Catalogue {
  return createCatalogue({ snapshotFile, views: CATALOGUE_VIEWS, store: catalogueStore(data) });
}

/**
 * Once listening: loads the catalogue and makes its warm views (restored from the kept file, or
 * built), then warms the search code over every word index they hold.
 */
export async function warmAppCatalogue(catalogue: Catalogue): Promise<void> {
  await catalogue.warm();
  await warmCatalogueSearch(catalogue);
}
