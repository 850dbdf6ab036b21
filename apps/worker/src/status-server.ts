import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/**
 * The worker's own HTTP port, for orchestrators and Prometheus: /healthz (503 while the
 * database cannot be read) and /metrics; anything else is a 404 in the contract's envelope.
 */
export function createStatusServer(options: { registry: Registry; healthy: () => boolean }): Server {
  const { registry, healthy } = options;
  return createServer(async (request, response) => {
    if (request.url === '/healthz') {
      const ok = healthy();
      response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: ok ? 'ok' : 'degraded' }));
    } else if (request.url === '/metrics') {
      response.writeHead(200, { 'content-type': registry.contentType });
      response.end(await registry.metrics());
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }));
    }
  });
}
