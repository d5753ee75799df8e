import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { binaryVerdict, gateSpecs, verdictFor } from './electronBinary';
import { launchDealer, must, playNightThroughIpc, removeUserData, throwawayUserData, type RunningDealer } from './launch';

/**
 * What only the real binary shows about the data: the OS keychain
 * (safeStorage) keeps the key that seals the live seed, and a night played
 * through IPC is still in the history after the app restarts.
 */

test.describe('the Electron app with a night', () => {
  gateSpecs('night.spec', binaryVerdict());
  test.describe.configure({ mode: 'serial' });

  let userData: string;
  let running: RunningDealer | undefined;

  test.beforeAll(async () => {
    userData = await throwawayUserData();
  });

  test.afterAll(async () => {
    await running?.app.close();
    await removeUserData(userData);
  });

  test("safeStorage seals the live seed: the seed's key is kept by the OS keychain, never as a plain key file", async () => {
    running = await launchDealer(userData);
    const keychain = await running.app.evaluate(({ safeStorage }) => ({
      available: safeStorage.isEncryptionAvailable(),
      backend: process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os',
    }));
    const usable = keychain.available && keychain.backend !== 'basic_text';
    const verdict = verdictFor(
      { path: 'OS keychain', installed: usable },
      `the OS keychain is not available to safeStorage here (available ${keychain.available}, backend ${keychain.backend})`,
    );
    if (verdict.kind === 'skip') test.skip(true, verdict.reason);
    if (verdict.kind === 'fail') throw new Error(verdict.reason);

    const data = join(userData, 'data');
    await playNightThroughIpc(running.hostPage, 1, async () => {
      expect(existsSync(join(data, 'seed-key.keychain'))).toBe(true);
      expect(existsSync(join(data, 'seed-key'))).toBe(false);
      const sealed = readFileSync(join(data, 'seed-key.keychain'));
      // On disk the key is the keychain's ciphertext; only safeStorage, in this user's session, opens it.
      expect(sealed.toString('latin1')).not.toMatch(/[0-9a-f]{64}/);
      const opened = await running!.app.evaluate(
        ({ safeStorage }, blob) => safeStorage.decryptString(Buffer.from(blob, 'base64')),
        sealed.toString('base64'),
      );
      expect(opened.trim()).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  test('a night played through IPC is in the history after the app restarts', async () => {
    test.setTimeout(120_000);
    running ??= await launchDealer(userData);
    const nightId = await playNightThroughIpc(running.hostPage, 3);
    await running.app.close();
    running = undefined;

    running = await launchDealer(userData);
    const nights = (await must(running.hostPage, 'listNights')).data;
    const night = nights.find((n) => n.id === nightId);
    expect(night, `night ${nightId} in ${JSON.stringify(nights.map((n) => n.id))}`).toBeDefined();
    expect(night!.turns).toBeGreaterThanOrEqual(3);
    expect(night!.endedAt).not.toBeNull();
    expect(night!.playerIds).toHaveLength(3);
    // Back in the lobby, as the host left it.
    expect(await running.hostPage.evaluate(() => window.api!.getView().then((view) => view.night))).toBeNull();
  });
});
