export * from './saavnQueries';
export * from './api';
