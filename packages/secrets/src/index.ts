export {
  decryptSecret,
  encryptedSecretKeyId,
  encryptSecret,
  isEncryptedSecret,
  reencryptSecret,
  SecretDecryptionError,
  type SecretDecryptionFailure,
  secretBinding,
} from './envelope.ts';
export {
  createKeyring,
  encryptionKeyBytes,
  generateEncryptionKey,
  Keyring,
  type KeyringKeys,
} from './keyring.ts';
