import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';

const methods: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Headers of the outer exchange that do not belong to the forwarded one (its body is re-sent). */
const notForwarded = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * Serves everything under `prefix` from a Fastify instance that `build` creates on the first
 * request there, not at start-up. For the pages only operators and developers open (the API
 * reference, the queue dashboard): their libraries weigh about 40 MB of RSS (Scalar's browser
 * bundle is one 3.7 MB string literal, loaded twice over as module source and as the string;
 * bull-board and bullmq about 16 MB), which an API that never serves them no longer carries
 * (docs/benchmarks.md, "API memory (issue 16)"). Each request is handed to the inner instance with
 * `inject` (method, path, headers, the parsed body), and its answer copied back: the outer
 * hooks (request id, metrics, input guards, the error envelope, an authentication hook of the
 * caller's scope) run as for any other route.
 *
 * A `build` that fails answers this request with the error and is tried again on the next.
 */
export function loadedOnFirstRequest(
  app: FastifyInstance,
  prefix: `/${string}`,
  build: () => Promise<FastifyInstance>,
): void {
  let inner: Promise<FastifyInstance> | undefined;
  app.addHook('onClose', async () => {
    const built = await inner?.catch(() => undefined);
    await built?.close();
  });
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    inner ??= build().then(
      async (instance) => {
        await instance.ready();
        return instance;
      },
      (error: unknown) => {
        inner = undefined;
        throw error;
      },
    );
    const instance = await inner;
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !notForwarded.has(name)),
    ) as Record<string, string | string[]>;
    const answer = await instance.inject({
      method: request.method as HTTPMethods,
      url: request.url,
      headers,
      ...(request.body === undefined || request.body === null ? {} : { payload: request.body as object }),
    });
    // A path the inner instance has no route for gets the API's own 404 (its error envelope).
    if (answer.statusCode === 404 && /^\{"message":"Route [A-Z]+:/.test(answer.body))
      return reply.callNotFound();
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !notForwarded.has(name) && name !== 'date') reply.header(name, value);
    }
    return reply.send(answer.rawPayload);
  };
  app.route({ method: methods, url: prefix, handler: forward });
  app.route({ method: methods, url: `${prefix}/*`, handler: forward });
}
