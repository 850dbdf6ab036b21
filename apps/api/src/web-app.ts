import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/** Where `pnpm build:web` writes the app. */
export const webAppBuild = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * The app's own pages run only their own files: no inline script, no inline <style>, no other
 * origin, and nobody may frame them. React and Radix set style properties through the DOM,
 * which style-src does not govern.
 */
export const webAppContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const immutable = 'public, max-age=31536000, immutable';

function securityHeaders(reply: FastifyReply) {
  reply.header('Content-Security-Policy', webAppContentSecurityPolicy);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
}

/**
 * The back-office app at /app: its hashed files (assets/) cached for a year, index.html never
 * cached, and every other path under /app answered with index.html, whose router decides. Files
 * are looked up when asked for, so a new build is served without a restart; without a build, /app
 * says how to make one instead of failing.
 */
export const webAppPlugin: FastifyPluginAsync<{ root?: string }> = async (app, options) => {
  const root = options.root ?? webAppBuild;
  const hashed = join(root, 'assets') + sep;
  const page = (reply: FastifyReply) => {
    securityHeaders(reply);
    if (!existsSync(join(root, 'index.html')))
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(notBuiltPage);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
  };
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        index: false,
        cacheControl: false,
        setHeaders: (reply, path) => {
          securityHeaders(reply);
          reply.header('Cache-Control', path.startsWith(hashed) ? immutable : 'no-cache');
        },
      });
      scope.get('/', (_request, reply) => page(reply));
      scope.setNotFoundHandler((request, reply) => {
        // A missing hashed file is a 404, never the page: a browser would try to run HTML as a script.
        if (request.url.startsWith('/app/assets/') || (request.method !== 'GET' && request.method !== 'HEAD'))
          return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
        return page(reply);
      });
    },
    { prefix: '/app' },
  );
};

export default webAppPlugin;

const notBuiltPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Comptoir: the app is not built</title></head>
<body>
<h1>The app is not built</h1>
<p>This API serves the back-office app from <code>apps/web/dist</code>, which does not exist yet.
Run <code>pnpm build:web</code> (or <code>./run build:web</code>) from the repository, then restart the API.
<code>./run start</code> builds it for you.</p>
<hr lang="fr">
<p lang="fr">L’application n’est pas construite : lancez <code>pnpm build:web</code> puis redémarrez l’API.</p>
</body>
</html>
`;
