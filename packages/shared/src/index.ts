export * from './types.js';
export * from './storageKeys.js';
export * from './messages.js';
export * from './schemas/index.js';
export * from './format.js';
export * from './analytics.js';
export * from './saavn.js';
export * from './media.js';
