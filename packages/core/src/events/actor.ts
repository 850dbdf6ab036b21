import { AsyncLocalStorage } from 'node:async_hooks';

/** Who made a change: an API key (`key_…`) or a signed-in user (`usr_…`). */
export interface Actor {
  kind: 'key' | 'user';
  id: string;
}

const acting = new AsyncLocalStorage<Actor>();

/**
 * Runs `work` on behalf of `actor`: every event recorded while it runs (in the use case it calls,
 * in any transaction) names that actor. The transports call it once per admitted request, so no
 * use case has to carry the actor to the statements that record its events. Outside it (the
 * worker's sweeps, the platform's reports, the CLI), events name no actor.
 */
export function actingAs<T>(actor: Actor, work: () => T): T {
  return acting.run(actor, work);
}

/** The actor of the change under way, if a transport named one. */
export function currentActor(): Actor | undefined {
  return acting.getStore();
}
