export { apiRedisOptions, connectApiRedis } from './redis.ts';
export { buildServer, restBasePath, type ServerOptions } from './server.ts';
