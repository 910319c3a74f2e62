/**
 * The entry `npm start` (and the Docker image) runs. The heap's growth is tuned before any other
 * module loads: V8 grows the young generation while the modules load (from 2 to 8 MB in the first
 * tenth of a second), and a flag set after that would keep it at 8 MB.
 */
import { tuneHeapGrowth } from './heapTuning.js';

tuneHeapGrowth();
const { main } = await import('./startServer.js');
await main();
