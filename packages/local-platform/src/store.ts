import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InvoiceReference } from './invoice.ts';
import type { FlowResource } from './protocol.ts';

/** A lifecycle status an invoice flow went through, as this platform recorded it. */
export interface RecordedStatus {
  code: number;
  at: string;
  reason: string | null;
  /** The CDAR flow that carried it, when there is one. */
  lifecycleFlowId: string | null;
}

export interface StoredFlow {
  flow: FlowResource;
  /** Hex SHA-256 of the file as received. */
  sha256: string;
  /** The one the sender declared, when it did. */
  declaredSha256: string | null;
  file: Uint8Array;
  contentType: string;
  /** Read from an invoice flow (CII, UBL, Factur-X), when it could be. */
  invoice: InvoiceReference | null;
  /** The lifecycle of an invoice flow, oldest first. */
  statuses: RecordedStatus[];
  /** For a lifecycle (CDAR) flow the platform wrote: the invoice flow it is about. */
  aboutFlowId: string | null;
}

/**
 * The platform's flows, in memory, and also in a directory when one is given (each flow as
 * `<flowId>.json` and its file as `<flowId>.bin`), so a development platform keeps its flows across
 * restarts.
 */
export class FlowStore {
  readonly #flows = new Map<string, StoredFlow>();
  readonly #directory: string | null;

  constructor(directory: string | null) {
    this.#directory = directory;
    if (!directory) return;
    mkdirSync(directory, { recursive: true });
    for (const entry of readdirSync(directory)) {
      if (!entry.endsWith('.json')) continue;
      const flowId = entry.slice(0, -'.json'.length);
      const saved = JSON.parse(readFileSync(join(directory, entry), 'utf8')) as Omit<StoredFlow, 'file'>;
      this.#flows.set(flowId, {
        ...saved,
        file: new Uint8Array(readFileSync(join(directory, `${flowId}.bin`))),
      });
    }
  }

  get(flowId: string): StoredFlow | undefined {
    return this.#flows.get(flowId);
  }

  all(): StoredFlow[] {
    return [...this.#flows.values()].sort((a, b) => a.flow.updatedAt.localeCompare(b.flow.updatedAt));
  }

  /** The latest update time of any flow, to keep new ones after it across restarts. */
  latestUpdate(): string | null {
    return this.all().at(-1)?.flow.updatedAt ?? null;
  }

  save(stored: StoredFlow): void {
    const isNew = !this.#flows.has(stored.flow.flowId);
    this.#flows.set(stored.flow.flowId, stored);
    if (!this.#directory) return;
    const { file, ...rest } = stored;
    if (isNew) writeFileSync(join(this.#directory, `${stored.flow.flowId}.bin`), file);
    writeFileSync(join(this.#directory, `${stored.flow.flowId}.json`), JSON.stringify(rest));
  }
}
