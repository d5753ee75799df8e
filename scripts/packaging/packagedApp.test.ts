import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';
import { afterEach, describe, expect, it } from 'vitest';
import { DEALER_FUSES } from '../../harness/electronFuses';
import { executableOf, readFuseMismatches } from '../../harness/packagedApp';

/** A stand-in Electron binary: some bytes, then the fuse wire as Electron ships it (unflipped defaults). */
function fakeElectronBinary(dir: string): string {
  const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
  // RunAsNode, CookieEncryption, NodeOptions, CliInspect, AsarIntegrity, OnlyAsar, V8Snapshot, FileProtocol, WasmTrapHandlers
  const defaults = '101100011';
  const file = join(dir, 'electron');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.alloc(4096, 7),
      Buffer.from(SENTINEL),
      Buffer.from([1, defaults.length]),
      Buffer.from(defaults),
      Buffer.alloc(1024),
    ]),
  );
  return file;
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the packaged app's fuses, read back from the binary", () => {
  it('an Electron binary left as shipped fails the check, naming each fuse that is wrong', async () => {
    dir = mkdtempSync(join(tmpdir(), 'dealer-fuses-'));
    const problems = await readFuseMismatches(fakeElectronBinary(dir));
    expect(problems).toContain('RunAsNode (runAsNode) is on, should be off');
    expect(problems).toContain('OnlyLoadAppFromAsar (onlyLoadAppFromAsar) is off, should be on');
    expect(problems).toContain('EnableNodeOptionsEnvironmentVariable (enableNodeOptionsEnvironmentVariable) is on, should be off');
    // Only LoadBrowserProcessSpecificV8Snapshot ships as the app wants it (off).
    expect(problems).toHaveLength(7);
  });

  it('a binary whose fuses were flipped as electron-builder is told to passes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'dealer-fuses-'));
    const binary = fakeElectronBinary(dir);
    await flipFuses(binary, {
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: DEALER_FUSES.runAsNode,
      [FuseV1Options.EnableCookieEncryption]: DEALER_FUSES.enableCookieEncryption,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: DEALER_FUSES.enableNodeOptionsEnvironmentVariable,
      [FuseV1Options.EnableNodeCliInspectArguments]: DEALER_FUSES.enableNodeCliInspectArguments,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: DEALER_FUSES.enableEmbeddedAsarIntegrityValidation,
      [FuseV1Options.OnlyLoadAppFromAsar]: DEALER_FUSES.onlyLoadAppFromAsar,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: DEALER_FUSES.loadBrowserProcessSpecificV8Snapshot,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: DEALER_FUSES.grantFileProtocolExtraPrivileges,
    });
    expect(await readFuseMismatches(binary)).toEqual([]);
  });

  it('a macOS app is started through the executable inside its bundle', () => {
    expect(executableOf('/Volumes/x/In-Between Dealer.app')).toBe(
      join('/Volumes/x/In-Between Dealer.app', 'Contents', 'MacOS', 'In-Between Dealer'),
    );
    expect(executableOf('/opt/In-Between Dealer/in-between-dealer')).toBe('/opt/In-Between Dealer/in-between-dealer');
  });
});
