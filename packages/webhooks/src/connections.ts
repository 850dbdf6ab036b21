import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './sender.ts';

/** A lookup that answers the already checked address, whatever it is asked. */
export function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // Node asks for every address when it may race IPv4 and IPv6 (autoSelectFamily); give it only ours.
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

export interface WebhookConnectionsOptions {
  /**
   * How long a kept-alive socket may sit unused before it is closed (default 4 s): below the
   * 5 s that Node servers keep an idle connection, so that our side usually closes first. A
   * receiver that announces a shorter `Keep-Alive: timeout=` is closed before that instead.
   */
  idleSocketMs?: number;
  /** How long an agent (origin, address) may go unused before it and its sockets are closed (default 30 s). */
  idleAgentMs?: number;
  /**
   * Agents kept at most (default 256). Past it, the least recently used idle one is closed; when
   * none is idle, a delivery gets a connection of its own. 0 turns keep-alive off.
   */
  maxAgents?: number;
  /** Extra trusted certificate authorities for https receivers (a private PKI, tests). */
  ca?: string | Buffer;
}

interface PooledAgent {
  agent: HttpAgent;
  /** Exchanges holding this agent now: an agent in use is never closed under them. */
  inUse: number;
  lastUsedAt: number;
}

/** A kept-alive agent lent to one exchange; `release` once the request is over. */
export interface ConnectionLease {
  agent: HttpAgent;
  release: () => void;
}

/**
 * Kept-alive connections for webhook deliveries, one agent per (origin, checked address). The
 * sender resolves and checks the receiver's address for every delivery before it asks for an
 * agent, and an agent only ever connects to the address it was made for (its lookup is pinned).
 * So a pooled socket is reused only while the receiver's hostname still resolves to that
 * address and that address still passes the SSRF guard: a DNS answer that changes to a forbidden
 * address is refused before any pool is looked at, and one that changes to another allowed
 * address gets another agent (the old one is closed once idle).
 */
export class WebhookConnections {
  readonly #agents = new Map<string, PooledAgent>();
  readonly #idleSocketMs: number;
  readonly #idleAgentMs: number;
  readonly #maxAgents: number;
  readonly tlsOptions: { ca?: string | Buffer };
  #sweeper: NodeJS.Timeout | undefined;

  constructor(options: WebhookConnectionsOptions = {}) {
    this.#idleSocketMs = options.idleSocketMs ?? 4_000;
    this.#idleAgentMs = options.idleAgentMs ?? 30_000;
    this.#maxAgents = options.maxAgents ?? 256;
    this.tlsOptions = options.ca === undefined ? {} : { ca: options.ca };
  }

  /** Agents open now (for tests and metrics). */
  get size(): number {
    return this.#agents.size;
  }

  /** An agent for this origin and checked address, or null when the pool is full of busy agents. */
  lease(url: URL, target: ResolvedAddress, servername: string | undefined): ConnectionLease | null {
    if (this.#maxAgents <= 0) return null;
    const key = `${url.protocol}//${url.host} ${target.address}`;
    let pooled = this.#agents.get(key);
    if (pooled) {
      // Map order is the order of use: the first entries are the least recently used.
      this.#agents.delete(key);
    } else {
      if (this.#agents.size >= this.#maxAgents && !this.#closeLeastRecentlyUsedIdle()) return null;
      const agentOptions = {
        keepAlive: true,
        // Closes a socket once it has been free this long (the agent destroys timed-out free sockets).
        timeout: this.#idleSocketMs,
        lookup: pinnedLookup(target),
        ...(servername === undefined ? {} : { servername }),
        ...this.tlsOptions,
      };
      pooled = {
        agent: url.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions),
        inUse: 0,
        lastUsedAt: 0,
      };
      this.#startSweeper();
    }
    this.#agents.set(key, pooled);
    const agentInUse = pooled;
    agentInUse.inUse += 1;
    agentInUse.lastUsedAt = performance.now();
    let released = false;
    return {
      agent: agentInUse.agent,
      release: () => {
        if (released) return;
        released = true;
        agentInUse.inUse -= 1;
        agentInUse.lastUsedAt = performance.now();
      },
    };
  }

  /** Closes every agent that nobody used for `idleAgentMs`. */
  closeIdle(now = performance.now()): void {
    for (const [key, pooled] of this.#agents) {
      if (pooled.inUse === 0 && now - pooled.lastUsedAt >= this.#idleAgentMs) {
        this.#agents.delete(key);
        pooled.agent.destroy();
      }
    }
    if (this.#agents.size === 0) this.#stopSweeper();
  }

  /** Closes every agent and socket, in use or not (when the process stops). */
  close(): void {
    for (const pooled of this.#agents.values()) pooled.agent.destroy();
    this.#agents.clear();
    this.#stopSweeper();
  }

  #closeLeastRecentlyUsedIdle(): boolean {
    for (const [key, pooled] of this.#agents) {
      if (pooled.inUse === 0) {
        this.#agents.delete(key);
        pooled.agent.destroy();
        return true;
      }
    }
    return false;
  }

  #startSweeper(): void {
    if (this.#sweeper) return;
    const every = Math.max(10, Math.min(this.#idleAgentMs, 10_000));
    this.#sweeper = setInterval(() => this.closeIdle(), every);
    // Idle connections must never keep a process alive.
    this.#sweeper.unref();
  }

  #stopSweeper(): void {
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }
}

/** The pool sendWebhook uses when the request names none. */
export const sharedConnections = new WebhookConnections();
