import { z } from 'zod';
import { requiredText } from '../text/index.ts';

export const negativeStockPolicies = ['block', 'allow'] as const;
export type NegativeStockPolicy = (typeof negativeStockPolicies)[number];

export const workspaceCreateSchema = z.object({
  name: requiredText(200),
  negativeStock: z.enum(negativeStockPolicies).default('block'),
});
export type WorkspaceCreate = z.input<typeof workspaceCreateSchema>;

export interface WorkspaceView {
  id: string;
  name: string;
  negativeStock: NegativeStockPolicy;
  createdAt: string;
}
