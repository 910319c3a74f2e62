export * from './saavnQueries';
