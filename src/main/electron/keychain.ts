import { safeStorage } from 'electron';
import type { OsKeychain } from '../store/seedKey';

/**
 * Electron's safeStorage as the store's OsKeychain: the key that seals the
 * seed of the deck in play is kept encrypted by the OS (Keychain on macOS,
 * DPAPI on Windows, the Secret Service or KWallet on Linux). Absent when the
 * OS offers none, or when on Linux safeStorage would fall back to a fixed
 * password ('basic_text'), which protects nothing: the store then keeps a
 * key file readable by this user only.
 */
export function osKeychain(): OsKeychain | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return undefined;
  return {
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (blob) => safeStorage.decryptString(blob),
  };
}
