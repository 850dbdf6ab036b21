import { createHmac } from 'node:crypto';
import type { FlowResource } from './protocol.ts';

// XP Z12-013 1.2.0 names a `Signature` header (base64) and HS256 among the algorithms but does not say
// what is signed; this platform signs `${timestamp}.${body}` with HMAC-SHA256, the timestamp in
// `Signature-Timestamp` (unix seconds), as docs/einvoicing.md describes.

export interface WebhookDelivery {
  flowId: string;
  attempt: number;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  at: string;
}

export interface WebhookSenderOptions {
  url: string;
  secret: string;
  /** The waits before each retry; one attempt more than there are delays. */
  retryDelaysMs: number[];
  timeoutMs: number;
}

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  duplicate = false;
  readonly #options: WebhookSenderOptions;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #timers = new Map<NodeJS.Timeout, () => void>();
  #stopped = false;

  constructor(options: WebhookSenderOptions) {
    this.#options = options;
  }

  /** Sends the flow's metadata, retrying in the background; `settled()` waits for every delivery. */
  send(flow: FlowResource): void {
    const copies = this.duplicate ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      const delivery = this.#deliver(flow).finally(() => this.#inFlight.delete(delivery));
      this.#inFlight.add(delivery);
    }
  }

  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  stop(): void {
    this.#stopped = true;
    // Pending retries end at once instead of being left waiting forever.
    for (const [timer, resolve] of this.#timers) {
      clearTimeout(timer);
      resolve();
    }
    this.#timers.clear();
  }

  async #deliver(flow: FlowResource): Promise<void> {
    const body = JSON.stringify(flow);
    const { retryDelaysMs } = this.#options;
    for (let attempt = 0; attempt <= retryDelaysMs.length && !this.#stopped; attempt++) {
      if (attempt > 0) await this.#wait(retryDelaysMs[attempt - 1] ?? 0);
      if (this.#stopped) return;
      // Signed per attempt: a retry an hour later must not carry an hour-old timestamp the receiver refuses.
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', this.#options.secret)
        .update(`${timestamp}.${body}`)
        .digest('base64');
      let status: number | null = null;
      try {
        const response = await fetch(this.#options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', signature, 'signature-timestamp': timestamp },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.#options.timeoutMs),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = null;
      }
      this.deliveries.push({
        flowId: flow.flowId,
        attempt: attempt + 1,
        status,
        at: new Date().toISOString(),
      });
      if (status !== null && status >= 200 && status < 300) return;
    }
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.set(timer, resolve);
    });
  }
}
