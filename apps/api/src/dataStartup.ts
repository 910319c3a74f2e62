import fs from 'node:fs';
import path from 'node:path';
import type { DataStartup } from './db/open.js';
import { APP_MODELS } from './appModels.js';
import { rekeyLegacyLikes } from './likes/likes.migrations.js';
import { listUnlistedPlaylists } from './playlists/playlists.migrations.js';
import { flagImportedPlaylists } from './playlistImport/importFlag.migrations.js';

/**
 * What the features need when the database opens (server, seed and admin command alike): the
 * steps that bring data of earlier builds to the current shape, and the removal of a catalogue
 * file of earlier builds (the catalogue keeps its own: appCatalogue.ts).
 */
export const dataStartup: DataStartup = {
  models: APP_MODELS,
  migrations: [
    {
      // Every like keyed by `userId:songId`; every playlist in its owner's playlist list.
      version: 2,
      async run(data) {
        const likes = await rekeyLegacyLikes(data);
        const playlists = await listUnlistedPlaylists(data);
        return likes || playlists ? `${likes} likes re-keyed, ${playlists} playlists listed` : null;
      },
    },
    {
      // Imported playlists carry the mark that shows their "Review import".
      version: 3,
      async run(data) {
        const imported = await flagImportedPlaylists(data);
        return imported ? `${imported} playlists marked imported` : null;
      },
    },
  ],
  afterOpen(config) {
    const cache = path.join(config.dataDir, 'cache');
    // The snapshot's file of earlier builds (the gzipped list alone): the new file holds the songs too.
    fs.rmSync(path.join(cache, `catalogue-${config.mongodbDbName}.json.gz`), { force: true });
  },
};
