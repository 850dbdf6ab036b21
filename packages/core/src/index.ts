export * from './companies/index.ts';
export * from './demo/index.ts';
export * from './errors/index.ts';
export * from './events/index.ts';
export * from './keys/index.ts';
export * from './lists/index.ts';
export * from './products/index.ts';
export * from './workspaces/index.ts';
