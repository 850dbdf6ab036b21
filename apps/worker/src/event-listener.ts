import pg from 'pg';

export interface EventListenerOptions {
  databaseUrl: string;
  channel: string;
  /** Called for each notification, and once each time listening (re)starts. */
  onNotification: () => void;
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
  /** First delay before reconnecting; doubles on each failure, up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface EventListener {
  /** Whether a LISTEN connection is open now. */
  listening(): boolean;
  stop(): Promise<void>;
}

/**
 * LISTENs on a connection of its own and opens a new one whenever PostgreSQL drops it
 * (restart, failover, an idle-connection killer). Each (re)start calls onNotification once:
 * events that committed while nobody listened are picked up then, not at the next poll.
 */
export function listenForEvents(options: EventListenerOptions): EventListener {
  const retryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  const lostClients = new WeakSet<pg.Client>();

  function lost(client: pg.Client, error?: unknown) {
    if (lostClients.has(client)) return;
    lostClients.add(client);
    if (current === client) current = null;
    client.end().catch(() => {});
    if (stopped) return;
    failures++;
    if (failures === 1) {
      options.log.warn({ err: error }, 'event listener connection lost; polling until it is back');
    }
    retry = setTimeout(connect, Math.min(retryMs * 2 ** (failures - 1), maxRetryMs));
    retry.unref();
  }

  async function connect() {
    retry = null;
    if (stopped) return;
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', () => options.onNotification());
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${options.channel}`);
    } catch (error) {
      lost(client, error);
      return;
    }
    if (stopped || lostClients.has(client)) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    if (failures > 0) options.log.info({ failures }, 'event listener connection restored');
    failures = 0;
    options.onNotification();
  }

  void connect();
  return {
    listening: () => current !== null,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      if (client) {
        lostClients.add(client);
        await client.end().catch(() => {});
      }
    },
  };
}
