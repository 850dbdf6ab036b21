export { redisAnswers } from '@comptoir/local-services';
export { createTestDatabase, type TestDatabase, testRedisPrefix } from './database.ts';
export { testEncryptionKey, testKeyring } from './keyring.ts';
export { freePort } from './ports.ts';
export { repoRoot, resolveTestServices } from './services.ts';
