/**
 * Preloaded into an API process under test (`--import`): writes `loaded-module <url>` on stderr
 * when the process loads one of the libraries it should load only on a first request (Scalar,
 * bull-board, bullmq).
 */
import { registerHooks } from 'node:module';

const watched = /\/node_modules\/(@scalar\/fastify-api-reference|@bull-board\/api|bullmq)\//;

registerHooks({
  load(url, context, nextLoad) {
    if (watched.test(url)) process.stderr.write(`loaded-module ${url}\n`);
    return nextLoad(url, context);
  },
});
