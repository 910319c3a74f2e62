export * from './spotify';
