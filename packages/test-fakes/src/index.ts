// Each fake lives in its own file and is exported here.
export * from './listen.js';
