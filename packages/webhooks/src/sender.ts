import { promises as dns } from 'node:dns';
import {
  type ClientRequest,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { hostOf, isAllowedScheme, isForbiddenAddress } from './address.ts';
import { pinnedLookup, sharedConnections, type WebhookConnections } from './connections.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostnameLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Budget for everything: DNS, connecting, sending and receiving the response headers. */
  timeoutMs: number;
  /** Allows `http:` and loopback/private targets; for local development and tests only. */
  allowPrivateTargets: boolean;
  /** Replaces the system resolver, e.g. to pin a hostname in tests. */
  lookup?: HostnameLookup;
  /** The kept-alive connections to use; a process-wide pool when absent. */
  connections?: WebhookConnections;
}

export interface SendResult {
  /** Only a 2xx answer counts as delivered; redirects are not followed, so a 3xx is a failure. */
  ok: boolean;
  status: number | null;
  durationMs: number;
  /**
   * `https_required`, `invalid_url`, `invalid_request: …`, `forbidden_address: …`, `timeout` or
   * `connection_failed: …`; null whenever a status was received.
   */
  error: string | null;
  retryAfter: string | null;
  /** The first 1 KiB of the response body, for the delivery log. */
  responseBody: string;
}

/** Enough to show a receiver's error message in the delivery log; the rest is never read. */
export const responseBodyLimitBytes = 1024;

const systemLookup: HostnameLookup = async (hostname) => {
  const addresses = await dns.lookup(hostname, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * POSTs one webhook delivery without letting the target URL reach the sender's own network.
 *
 * The hostname is resolved once, every resolved address is checked, and the connection is then pinned to the
 * checked address: resolving again at connect time would let a DNS server answer a public address to the
 * check and 127.0.0.1 to the connection (DNS rebinding). Redirects are not followed for the same reason.
 * The name is resolved and checked again for every delivery (no cache: `dns.lookup` gives no TTL);
 * connections are kept alive per (origin, checked address), see WebhookConnections.
 * Never throws: every outcome is a SendResult, so the caller only has to decide whether to retry.
 */
export async function sendWebhook(request: WebhookRequest): Promise<SendResult> {
  const startedAt = performance.now();
  const deadline = startedAt + request.timeoutMs;
  const result = (outcome: Partial<SendResult>): SendResult => ({
    ok: false,
    status: null,
    error: null,
    retryAfter: null,
    responseBody: '',
    ...outcome,
    durationMs: Math.round(performance.now() - startedAt),
  });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return result({ error: 'invalid_url' });
  }
  if (!isAllowedScheme(url.protocol, request.allowPrivateTargets)) return result({ error: 'https_required' });

  const hostname = hostOf(url);
  const literalFamily = isIP(hostname);

  let addresses: ResolvedAddress[];
  if (literalFamily === 4 || literalFamily === 6) {
    addresses = [{ address: hostname, family: literalFamily }];
  } else {
    const lookup = request.lookup ?? systemLookup;
    // Through a promise so that a custom lookup that throws synchronously becomes a result too.
    const resolution = await withDeadline(Promise.resolve(hostname).then(lookup), deadline);
    if (resolution.status === 'timeout') return result({ error: 'timeout' });
    if (resolution.status === 'failed')
      return result({ error: `connection_failed: ${errorCode(resolution.error)}` });
    addresses = resolution.value;
  }
  const [target] = addresses;
  if (target === undefined) return result({ error: `connection_failed: no address for ${hostname}` });

  if (!request.allowPrivateTargets) {
    // Refuse if any address is forbidden, not just the one we would use: which one the receiver's DNS puts
    // first is under their control.
    const forbidden = addresses.find(({ address }) => isForbiddenAddress(address));
    if (forbidden)
      return result({ error: `forbidden_address: ${hostname} resolves to ${forbidden.address}` });
  }

  const body = Buffer.from(request.body);
  const options: RequestOptions & { servername?: string } = {
    method: 'POST',
    protocol: url.protocol,
    hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: {
      ...request.headers,
      // url.host keeps the port and the IPv6 brackets, as the Host header requires.
      host: url.host,
      'content-length': String(body.length),
    },
  };
  if (url.username !== '' || url.password !== '') {
    options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  }
  // SNI must name the host, since we connect by address; IP literals must not be sent as SNI.
  if (url.protocol === 'https:' && literalFamily === 0) options.servername = hostname;
  const connections = request.connections ?? sharedConnections;
  const transport = url.protocol === 'https:' ? httpsRequest : httpRequest;

  return await new Promise<SendResult>((resolve) => {
    let settled = false;
    let outgoing: ClientRequest | undefined;
    const settle = (outcome: Partial<SendResult>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result(outcome));
    };
    // Until the response headers arrive, running out of time is a failed delivery.
    let onDeadline = () => {
      settle({ error: 'timeout' });
      outgoing?.destroy();
    };
    const timer = setTimeout(() => onDeadline(), Math.max(0, deadline - performance.now()));

    /**
     * One exchange, on a kept-alive connection to the checked address when the pool has one (or
     * can open one), else on a connection of its own. A kept-alive socket the receiver closed
     * while it sat idle fails with ECONNRESET before any answer: the receiver never read that
     * request, so it is sent once more, on a fresh connection, within the same deadline.
     */
    const exchange = (mayReuse: boolean) => {
      const lease = mayReuse ? connections.lease(url, target, options.servername) : null;
      let answered = false;
      try {
        outgoing = transport(
          lease
            ? { ...options, agent: lease.agent }
            : { ...options, ...connections.tlsOptions, lookup: pinnedLookup(target), agent: false },
          onResponse,
        );
      } catch (error) {
        lease?.release();
        // Node validates headers synchronously (a line break in a value, say): a bug to fix, not to retry.
        settle({ error: `invalid_request: ${errorCode(error)}` });
        return;
      }
      const sent = outgoing;
      if (lease) sent.once('close', lease.release);
      sent.on('error', (error) => {
        if (!settled && !answered && lease && sent.reusedSocket && errorCode(error) === 'ECONNRESET') {
          exchange(false);
          return;
        }
        settle({ error: `connection_failed: ${errorCode(error)}` });
      });
      sent.end(body);

      function onResponse(response: IncomingMessage) {
        answered = true;
        const status = response.statusCode ?? null;
        const retryAfter = singleHeader(response, 'retry-after');
        const ok = status !== null && status >= 200 && status < 300;
        const chunks: Buffer[] = [];
        let receivedBytes = 0;
        let finished = false;
        const finish = (complete: boolean) => {
          if (finished) return;
          finished = true;
          settle({ ok, status, retryAfter, responseBody: Buffer.concat(chunks).toString('utf8') });
          // A response read to its end leaves the socket to the pool. Otherwise whatever the
          // receiver still wants to send is discarded, not buffered, and the socket is closed.
          if (!complete) {
            response.destroy();
            sent.destroy();
          }
        };
        // Once the status is known the outcome is decided: a receiver that is slow to send its body only
        // shortens the log excerpt.
        onDeadline = () => finish(false);
        response.on('data', (chunk: Buffer) => {
          const wanted = responseBodyLimitBytes - receivedBytes;
          chunks.push(chunk.subarray(0, wanted));
          receivedBytes += Math.min(chunk.length, wanted);
          if (receivedBytes >= responseBodyLimitBytes) finish(false);
        });
        response.on('end', () => finish(true));
        response.on('error', () => finish(false));
        response.on('close', () => finish(false));
      }
    };
    exchange(true);
  });
}

function singleHeader(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** The errno-style code (ECONNREFUSED, CERT_HAS_EXPIRED…) when there is one: stable enough to group failures by. */
function errorCode(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message;
  return String(error);
}

type DeadlineOutcome<T> =
  | { status: 'done'; value: T }
  | { status: 'failed'; error: unknown }
  | { status: 'timeout' };

/** DNS lookups cannot be cancelled, so the deadline only stops us from waiting for them. */
async function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<DeadlineOutcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DeadlineOutcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'timeout' }), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([
      promise.then(
        (value): DeadlineOutcome<T> => ({ status: 'done', value }),
        (error: unknown): DeadlineOutcome<T> => ({ status: 'failed', error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
