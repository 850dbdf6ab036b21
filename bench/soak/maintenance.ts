/**
 * PostgreSQL's autovacuum, emulated when the server runs without it (as a CI configuration may:
 * `autovacuum = off`). A production server has it on; without it the tables the soak writes
 * (events, webhook_deliveries, idempotency_keys…) bloat and keep the statistics of the empty
 * tables they were analyzed as after the seed, and the run measures that instead.
 * Every autovacuum_naptime, like the launcher, each table past the server's own thresholds
 * (dead rows, rows inserted since the last vacuum, rows changed since the last analyze) is
 * vacuumed and/or analyzed, throttled with autovacuum's cost delay and limit.
 */
import pg from 'pg';
import { log } from './log.ts';
import { autovacuumMode } from './settings.ts';
import { round } from './stats.ts';

export interface MaintenanceAction {
  /** Seconds since the traffic started. */
  t: number;
  table: string;
  command: string;
  ms: number;
}

export interface AutovacuumReport {
  serverAutovacuum: boolean;
  emulated: boolean;
  naptimeSeconds: number;
  passes: number;
  actions: MaintenanceAction[];
}

export interface Maintenance {
  stop(): Promise<void>;
  report(): AutovacuumReport;
}

/** The server's autovacuum settings (and vacuum_cost_limit), by name. */
type ServerSettings = Map<string, string>;

interface TableActivity {
  relname: string;
  reltuples: number;
  dead: string;
  inserted: string;
  modified: string;
}

export async function startAutovacuumEmulation(
  databaseUrl: string,
  trafficStart: number,
): Promise<Maintenance> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'soak-autovacuum' });
  await client.connect();
  const settings = await readServerSettings(client);
  const serverAutovacuum = settings.get('autovacuum') === 'on';
  const emulated = autovacuumMode === 'emulate' || (autovacuumMode === 'auto' && !serverAutovacuum);
  const naptimeSeconds = Number(settings.get('autovacuum_naptime'));
  const state = { passes: 0, actions: [] as MaintenanceAction[] };
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (emulated) {
    await throttleLikeAutovacuum(client, settings);
    timer = setInterval(() => {
      if (running) return;
      state.passes += 1;
      running = vacuumWhatIsDue(client, settings, trafficStart, state.actions)
        .catch((error: unknown) => log(`autovacuum emulation: ${String(error)}`))
        .finally(() => {
          running = undefined;
        });
    }, naptimeSeconds * 1000);
    log(
      `the server runs with autovacuum = ${settings.get('autovacuum')}: emulating it every ${naptimeSeconds} s ` +
        `with its thresholds and cost delay (SOAK_AUTOVACUUM=off to leave the tables alone)`,
    );
  } else if (!serverAutovacuum) {
    log(
      'the server runs with autovacuum = off, and SOAK_AUTOVACUUM=off: tables are neither vacuumed nor analyzed',
    );
  }
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await client.end();
    },
    report: () => ({ serverAutovacuum, emulated, naptimeSeconds, ...state }),
  };
}

async function readServerSettings(client: pg.Client): Promise<ServerSettings> {
  const { rows } = await client.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name like 'autovacuum%' or name = 'vacuum_cost_limit'`,
  );
  return new Map(rows.map((row) => [row.name, row.setting]));
}

/** This session's vacuums get autovacuum's cost delay and limit. */
async function throttleLikeAutovacuum(client: pg.Client, settings: ServerSettings): Promise<void> {
  const number = (name: string) => Number(settings.get(name));
  const costLimit = number('autovacuum_vacuum_cost_limit');
  await client.query(`set vacuum_cost_delay = ${number('autovacuum_vacuum_cost_delay')}`);
  await client.query(`set vacuum_cost_limit = ${costLimit > 0 ? costLimit : number('vacuum_cost_limit')}`);
}

/** One launcher pass: vacuums and/or analyzes each table past its thresholds, noting each action. */
async function vacuumWhatIsDue(
  client: pg.Client,
  settings: ServerSettings,
  trafficStart: number,
  actions: MaintenanceAction[],
): Promise<void> {
  const { rows } = await client.query<TableActivity>(
    `select s.relname, greatest(c.reltuples, 0)::float8 as reltuples, s.n_dead_tup as dead,
            s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as modified
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid order by s.relname`,
  );
  for (const row of rows) {
    const command = dueCommand(row, settings);
    if (command === undefined) continue;
    const started = performance.now();
    await client.query(`${command} "${row.relname}"`);
    actions.push({
      t: round((started - trafficStart) / 1000, 0),
      table: row.relname,
      command,
      ms: Math.round(performance.now() - started),
    });
  }
}

/** What autovacuum would run on this table now, by the server's thresholds; undefined: nothing. */
function dueCommand(row: TableActivity, settings: ServerSettings): string | undefined {
  const number = (name: string) => Number(settings.get(name));
  const vacuum =
    Number(row.dead) >
      number('autovacuum_vacuum_threshold') + number('autovacuum_vacuum_scale_factor') * row.reltuples ||
    Number(row.inserted) >
      number('autovacuum_vacuum_insert_threshold') +
        number('autovacuum_vacuum_insert_scale_factor') * row.reltuples;
  const analyze =
    Number(row.modified) >
    number('autovacuum_analyze_threshold') + number('autovacuum_analyze_scale_factor') * row.reltuples;
  if (!vacuum && !analyze) return undefined;
  return vacuum && analyze ? 'vacuum (analyze)' : vacuum ? 'vacuum' : 'analyze';
}
