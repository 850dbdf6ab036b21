/** Rows per relay or dispatch statement, and statements per pass: a pass always ends. */
export const batchSize = 500;
const maxBatchesPerPass = 20;

/**
 * Runs `batch` (true when it came back full) again and again, until a batch comes back short,
 * the worker stops, or the pass's bound is reached: true in that last case (work may be left).
 */
export async function boundedBatches(
  batch: () => Promise<boolean>,
  stopped: () => boolean,
): Promise<boolean> {
  for (let count = 0; !stopped(); count++) {
    if (count === maxBatchesPerPass) return true;
    if (!(await batch())) break;
  }
  return false;
}

export interface PassLoop {
  /** Asks for a pass: now, or right after the one running. */
  wake(): void;
  /** No pass starts after this; resolves when the running one has ended. */
  stop(): Promise<void>;
}

/**
 * One pass at a time; a wake-up during a pass asks for another one right after, and so does a
 * pass that answers true (it stopped with work left). `pass` is told whether the loop is stopping.
 */
export function createPassLoop(
  pass: (stopped: () => boolean) => Promise<boolean>,
  onError: (error: unknown) => void,
): PassLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const isStopped = () => stopped;

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass(isStopped)
      .then((moreLeft) => {
        if (moreLeft) again = true;
      })
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    wake,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
