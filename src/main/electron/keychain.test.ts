import { afterEach, describe, expect, it, vi } from 'vitest';

/** Which OS keychain keeps the key sealing the seed of the deck in play (R12). */

const safeStorage = vi.hoisted(() => ({
  isEncryptionAvailable: vi.fn(() => true),
  getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
  encryptString: vi.fn((text: string) => Buffer.from(`sealed:${text}`)),
  decryptString: vi.fn((blob: Buffer) => blob.toString().slice('sealed:'.length)),
}));
vi.mock('electron', () => ({ safeStorage }));

const { osKeychain } = await import('./keychain');

afterEach(() => {
  vi.clearAllMocks();
});

describe('the OS keychain for the seed key (R12)', () => {
  it('R12: keeps the key through safeStorage when the OS offers it', () => {
    const keychain = osKeychain();
    expect(keychain?.decrypt(keychain.encrypt('key'))).toBe('key');
    expect(safeStorage.encryptString).toHaveBeenCalledWith('key');
  });

  it('R12: none when the OS offers no encryption, nor on Linux with only the fixed-password fallback: the store then keeps a 0600 key file', () => {
    safeStorage.isEncryptionAvailable.mockReturnValueOnce(false);
    expect(osKeychain()).toBeUndefined();
    if (process.platform === 'linux') {
      safeStorage.getSelectedStorageBackend.mockReturnValueOnce('basic_text');
      expect(osKeychain()).toBeUndefined();
    }
  });
});
