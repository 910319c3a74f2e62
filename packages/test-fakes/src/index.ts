// Each fake lives in its own file and is exported here.
export * from './listen.js';
export * from './saavn.js';
export * from './spotify.js';
export * from './firebaseStorage.js';
export * from './lrclib.js';
export * from './listenbrainz.js';
export * from './lastfm.js';
