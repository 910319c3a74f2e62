/** Every key and channel carries this prefix, so several deployments can share one Redis. */
export const REDIS_PREFIX = 'samaa:';
