export { createTestDatabase, type TestDatabase, testRedisPrefix } from './database.ts';
export { factories, workspaceWithKey } from './factories.ts';
export { repoRoot, resolveTestServices } from './services.ts';
