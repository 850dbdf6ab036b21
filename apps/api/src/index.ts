export { buildServer, restBasePath, type ServerOptions } from './server.ts';
