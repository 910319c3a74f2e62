export * from './likeQueries';
export { LikeButton, LIKE_FAILED } from './LikeButton';
