import { urlTargetRefusal } from '@comptoir/webhooks';
import { AppError } from '../errors/index.ts';

/** Where webhooks may go: the service's setting, shared by the API and the worker. */
export interface TargetPolicy {
  allowPrivateTargets: boolean;
}
export const publicTargetsOnly: TargetPolicy = { allowPrivateTargets: false };

const targetRefusalMessages = {
  https_required: 'must use https',
  forbidden_address: 'must not point to a private, loopback, link-local or metadata address',
} as const;

/** Refuses at registration what the sender would refuse on every attempt. */
export function assertDeliverableUrl(url: string, policy: TargetPolicy): void {
  const refusal = urlTargetRefusal(new URL(url), policy.allowPrivateTargets);
  if (refusal) {
    throw new AppError('invalid_body', `url ${targetRefusalMessages[refusal]}`, {
      details: [{ path: 'url', message: targetRefusalMessages[refusal] }],
    });
  }
}
