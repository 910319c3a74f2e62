// A preload for the API under measurement (NODE_OPTIONS="--import <this file>", TRACE_API_DIR=<its
// apps/api>): writes to stderr each engine query's collection, start (epoch ms) and duration, and
// each event-loop stall past 8 ms, so a slow request can be laid beside what ran meanwhile.
// It loads mongoose before the app does: restart times measured with it are not comparable.
import { createRequire } from 'node:module';

const mongoose = createRequire(`${process.env.TRACE_API_DIR}/package.json`)('mongoose');
const line = (text) => process.stderr.write(`TRACE ${text}\n`);

const timed = (proto, key, nameOf) => {
  const original = proto[key];
  proto[key] = async function (...args) {
    const start = Date.now();
    try {
      return await original.apply(this, args);
    } finally {
      line(`${nameOf(this)} start=${start} ms=${Date.now() - start}`);
    }
  };
};
timed(mongoose.Query.prototype, 'exec', (q) => `q ${q.model.collection.collectionName}.${q.op}`);
timed(mongoose.Aggregate.prototype, 'exec', (a) => `a ${a._model.collection.collectionName}.aggregate`);

let last = Date.now();
setInterval(() => {
  const now = Date.now();
  if (now - last > 8) line(`stall ms=${now - last} end=${now}`);
  last = now;
}, 2).unref();
