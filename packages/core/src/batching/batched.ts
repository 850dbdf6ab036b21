/**
 * Group commit in the application: calls that arrive while a batch is being written wait for
 * the next one, so many calls (webhook deliveries, invoice creations) share one database
 * statement, and a lone call is sent at once. `run` answers one result per item, in order. A failed batch fails each of its calls.
 */
export function batched<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  options: { maxBatch: number; maxInFlight: number },
): (item: Item) => Promise<Result> {
  const waiting: { item: Item; resolve(result: Result): void; reject(error: unknown): void }[] = [];
  let inFlight = 0;

  function flush() {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      const batch = waiting.splice(0, options.maxBatch);
      inFlight += 1;
      run(batch.map((call) => call.item))
        .then(
          (results) => {
            batch.forEach((call, index) => {
              call.resolve(results[index] as Result);
            });
          },
          (error: unknown) => {
            for (const call of batch) call.reject(error);
          },
        )
        .finally(() => {
          inFlight -= 1;
          flush();
        });
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      flush();
    });
}

/**
 * `batched`, one lane per key: calls of one key are grouped with each other only (for example
 * the creations of one workspace, which queue on the same counter row anyway), and a key's lane
 * is dropped once it has no call waiting or running.
 */
export function batchedByKey<Item, Result>(
  run: (key: string, items: Item[]) => Promise<Result[]>,
  options: { maxBatch: number; maxInFlight: number },
): (key: string, item: Item) => Promise<Result> {
  const lanes = new Map<string, { call: (item: Item) => Promise<Result>; calls: number }>();
  return async (key, item) => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { call: batched((items: Item[]) => run(key, items), options), calls: 0 };
      lanes.set(key, lane);
    }
    lane.calls += 1;
    try {
      return await lane.call(item);
    } finally {
      lane.calls -= 1;
      if (lane.calls === 0) lanes.delete(key);
    }
  };
}
