import { describe, expect, it } from 'vitest';
import { batched, batchedByKey } from '../src/batching/batched.ts';

describe('batched', () => {
  it('sends a lone call at once, and groups the calls that arrive meanwhile into the next batches', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const double = batched(
      async (items: number[]) => {
        batches.push(items);
        if (batches.length === 1) await gate;
        return items.map((item) => item * 2);
      },
      { maxBatch: 3, maxInFlight: 1 },
    );
    const first = double(1);
    const rest = [2, 3, 4, 5, 6].map(double);
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8, 10, 12]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('runs at most maxInFlight batches at once', async () => {
    let running = 0;
    let most = 0;
    const echo = batched(
      async (items: number[]) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return items;
      },
      { maxBatch: 2, maxInFlight: 2 },
    );
    expect(await Promise.all(Array.from({ length: 20 }, (_, index) => echo(index)))).toEqual(
      Array.from({ length: 20 }, (_, index) => index),
    );
    expect(most).toBe(2);
  });

  it('fails every call of a failed batch, and goes on with the next', async () => {
    let calls = 0;
    const flaky = batched(
      async (items: string[]) => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return items;
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    await expect(flaky('a')).rejects.toThrow('database away');
    expect(await flaky('b')).toBe('b');
  });
});

describe('batchedByKey', () => {
  it('groups calls of the same key only, and drops a key once its calls are done', async () => {
    const batches: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tag = batchedByKey(
      async (key: string, items: number[]) => {
        batches.push(`${key}:${items.join(',')}`);
        if (key === 'a' && items[0] === 1) await gate;
        return items.map((item) => `${key}${item}`);
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const first = tag('a', 1);
    const later = [tag('a', 2), tag('b', 3), tag('a', 4), tag('b', 5)];
    // b's first call went at once, its own lane not held by a's batch in flight.
    expect(batches).toEqual(['a:1', 'b:3']);
    release();
    expect(await Promise.all([first, ...later])).toEqual(['a1', 'a2', 'b3', 'a4', 'b5']);
    // Each lane in its own order; b's second batch did not wait for a's.
    expect(batches.filter((batch) => batch.startsWith('a'))).toEqual(['a:1', 'a:2,4']);
    expect(batches.filter((batch) => batch.startsWith('b'))).toEqual(['b:3', 'b:5']);
    // A new call of a finished key starts a fresh lane: sent at once, alone.
    expect(await tag('a', 6)).toBe('a6');
    expect(batches.at(-1)).toBe('a:6');
  });
});
