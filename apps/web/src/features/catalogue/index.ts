export * from './catalogueQueries';
