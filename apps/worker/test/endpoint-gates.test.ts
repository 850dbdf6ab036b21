import { describe, expect, it } from 'vitest';
import { EndpointGates } from '../src/endpoint-gates.ts';

const gates = () => new EndpointGates({ perEndpoint: 2, perSlowEndpoint: 1, slowMs: 1000 });
const settledSoon = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20))]);

describe('EndpointGates', () => {
  it('lets a responsive endpoint send up to its limit, then makes the next attempt wait for a slot', async () => {
    const gate = gates();
    expect(await gate.admit('a')).toEqual({ send: true });
    expect(await gate.admit('a')).toEqual({ send: true });
    const third = gate.admit('a');
    expect(await settledSoon(third)).toBe(false);
    gate.release('a', 20);
    expect(await third).toEqual({ send: true });
    expect(gate.sending('a')).toBe(2);
  });

  it('keeps endpoints apart: one at its limit does not hold back another', async () => {
    const gate = gates();
    await gate.admit('a');
    await gate.admit('a');
    expect(await gate.admit('b')).toEqual({ send: true });
  });

  it('gives a slow endpoint fewer slots and spreads its excess over the queue at the pace it answers', async () => {
    const gate = gates();
    await gate.admit('slow');
    gate.release('slow', 15_000);
    expect(await gate.admit('slow')).toEqual({ send: true });
    const retries = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const admission = await gate.admit('slow');
      if (admission.send) throw new Error('sent beyond the slow limit');
      retries.push(admission.retryInMs);
    }
    expect(retries.map((ms) => Math.round(ms / 1000))).toEqual([15, 30, 45]);
    // Never further than 10 minutes: the endpoint may have recovered.
    for (let attempt = 0; attempt < 100; attempt++) await gate.admit('slow');
    expect(await gate.admit('slow')).toEqual({ send: false, retryInMs: 600_000 });
  });

  it('sends the attempts waiting for an endpoint back to the queue once it turns out slow', async () => {
    const gate = gates();
    await gate.admit('w');
    await gate.admit('w');
    const waiting = [gate.admit('w'), gate.admit('w'), gate.admit('w')];
    gate.release('w', 15_000);
    const admissions = await Promise.all(waiting);
    expect(admissions.filter((admission) => admission.send)).toHaveLength(0);
    expect(gate.sending('w')).toBe(1);
  });

  it('treats an endpoint as responsive again once its attempts are quick', async () => {
    const gate = gates();
    await gate.admit('e');
    gate.release('e', 5_000);
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(await gate.admit('e')).toEqual({ send: true });
      gate.release('e', 10);
    }
    await gate.admit('e');
    expect(await gate.admit('e')).toEqual({ send: true });
  });

  it('learns nothing from an attempt that was not sent', async () => {
    const gate = gates();
    await gate.admit('s');
    gate.release('s', 15_000);
    await gate.admit('s');
    gate.release('s');
    await gate.admit('s');
    expect((await gate.admit('s')).send).toBe(false);
  });

  it('tells the local hand-off the room each endpoint has, queued attempts waiting first, and which are slow', async () => {
    const gate = gates();
    expect(gate.room()).toEqual([]);
    await gate.admit('a');
    await gate.admit('b');
    await gate.admit('b');
    const waiting = gate.admit('b');
    expect(gate.room()).toEqual([
      { endpointId: 'a', free: 1 },
      { endpointId: 'b', free: 0 },
    ]);
    // A claimed attempt is admitted at once, even past the limit: it must not wait with its lease running.
    gate.occupy('a');
    gate.occupy('a');
    expect(gate.sending('a')).toBe(3);
    expect(gate.room()[0]).toEqual({ endpointId: 'a', free: 0 });
    gate.release('b', 20);
    await waiting;
    expect(gate.slowEndpoints()).toEqual([]);
    gate.release('a', 15_000);
    expect(gate.slowEndpoints()).toEqual(['a']);
    // A slow endpoint has one slot here, taken twice over: no room.
    expect(gate.room()[0]).toEqual({ endpointId: 'a', free: 0 });
  });
});
