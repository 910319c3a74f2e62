/**
 * The entry `npm start` (and the Docker image) runs. The heap's growth is tuned once the server's
 * own modules have loaded: tuned before, the young generation stays at 2 MB while they load, which
 * took 120-180 ms more to become healthy (7 starts each, 10,000 songs); tuned after, it keeps the
 * 8 MB it grew to while they loaded (docs/performance.md).
 */
import { tuneHeapGrowth } from './heapTuning.js';

const { main } = await import('./startServer.js');
tuneHeapGrowth();
await main();
