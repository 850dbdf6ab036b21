import { describe, expect, it } from 'vitest';
import { DeliverySlots } from '../src/hand-off.ts';

const settledSoon = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20))]);

describe('DeliverySlots', () => {
  it('keeps queued jobs and claimed attempts together within the concurrency, queued jobs waiting first', async () => {
    const slots = new DeliverySlots(2);
    const freed: string[] = [];
    slots.onFreed = (endpointId) => freed.push(endpointId);
    slots.take();
    await slots.acquire();
    expect(slots.free).toBe(0);
    const queued = slots.acquire();
    expect(await settledSoon(queued)).toBe(false);
    // The freed slot goes to the job waiting for it: none is left for the hand-off to claim.
    slots.give('a');
    expect(await settledSoon(queued)).toBe(true);
    expect(slots.free).toBe(0);
    slots.give('b');
    expect(slots.free).toBe(1);
    slots.give('c');
    expect(slots.free).toBe(2);
    expect(freed).toEqual(['a', 'b', 'c']);
  });

  it('gives back first the slots taken past the concurrency by a claim that raced a queued job', async () => {
    const slots = new DeliverySlots(1);
    await slots.acquire();
    slots.take();
    const queued = slots.acquire();
    slots.give('a');
    expect(await settledSoon(queued)).toBe(false);
    slots.give('b');
    expect(await settledSoon(queued)).toBe(true);
    expect(slots.free).toBe(0);
  });
});
