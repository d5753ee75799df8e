import { expect, test } from '@playwright/test';
import { executableOf, readFuseMismatches, smokeRun } from '../../harness/packagedApp';
import { findPackagedApp, gateSpecs, packagedAppVerdict } from './electronBinary';

/**
 * The packaged app (`npm run dist`, or `electron-builder --dir` as CI does):
 * its fuses read back from the binary with @electron/fuses, and a smoke run
 * of it (it starts, loads both windows from app://, its bridge answers).
 * Skipped with the reason printed where nothing was packaged; under
 * REQUIRE_ELECTRON=1 the packaged app must be there.
 */
test.describe('the packaged app', () => {
  gateSpecs('packaged.spec', packagedAppVerdict());

  test("its fuses are the app's: no running as Node, no NODE_OPTIONS or inspector, only its checked asar", async () => {
    const app = findPackagedApp();
    expect(await readFuseMismatches(app.path)).toEqual([]);
  });

  test('it starts, opens both windows from app:// and answers through its bridge (smoke run)', async () => {
    test.setTimeout(120_000);
    const result = await smokeRun(executableOf(findPackagedApp().path));
    expect(result.report, result.output).toMatchObject({ ok: true, name: 'in-between-dealer' });
    expect(result.exitCode, result.output).toBe(0);
  });
});
