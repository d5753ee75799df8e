import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import builderConfig from '../../electron-builder.config';
import { DEALER_FUSES } from '../../harness/electronFuses';
import { githubPublish } from './publish';

/** electron-builder's option name for each fuse of @electron/fuses' wire. */
const OPTION_FOR_FUSE: Record<keyof typeof FuseV1Options, keyof typeof DEALER_FUSES | 'electron default'> = {
  RunAsNode: 'runAsNode',
  EnableCookieEncryption: 'enableCookieEncryption',
  EnableNodeOptionsEnvironmentVariable: 'enableNodeOptionsEnvironmentVariable',
  EnableNodeCliInspectArguments: 'enableNodeCliInspectArguments',
  EnableEmbeddedAsarIntegrityValidation: 'enableEmbeddedAsarIntegrityValidation',
  OnlyLoadAppFromAsar: 'onlyLoadAppFromAsar',
  LoadBrowserProcessSpecificV8Snapshot: 'loadBrowserProcessSpecificV8Snapshot',
  GrantFileProtocolExtraPrivileges: 'grantFileProtocolExtraPrivileges',
  WasmTrapHandlers: 'electron default',
};

describe('Electron fuses of the packaged app', () => {
  it('nothing runs as plain Node, takes NODE_OPTIONS or opens an inspector', () => {
    expect(DEALER_FUSES.runAsNode).toBe(false);
    expect(DEALER_FUSES.enableNodeOptionsEnvironmentVariable).toBe(false);
    expect(DEALER_FUSES.enableNodeCliInspectArguments).toBe(false);
  });

  it('the app loads only from its asar, checked against the binary; cookies encrypted; file:// unprivileged', () => {
    expect(DEALER_FUSES.onlyLoadAppFromAsar).toBe(true);
    expect(DEALER_FUSES.enableEmbeddedAsarIntegrityValidation).toBe(true);
    expect(DEALER_FUSES.enableCookieEncryption).toBe(true);
    expect(DEALER_FUSES.grantFileProtocolExtraPrivileges).toBe(false);
  });

  it('every fuse on the wire of @electron/fuses is decided here (a new one fails this test)', () => {
    const wire = Object.keys(FuseV1Options).filter((key) => Number.isNaN(Number(key)));
    expect(wire.sort()).toEqual(Object.keys(OPTION_FOR_FUSE).sort());
    for (const option of Object.values(OPTION_FOR_FUSE)) {
      if (option !== 'electron default') expect(typeof DEALER_FUSES[option], option).toBe('boolean');
    }
  });

  it('packaging uses exactly these fuses, for every target it builds', () => {
    expect(builderConfig.electronFuses).toBe(DEALER_FUSES);
    expect(builderConfig.asar).toBe(true);
    expect(builderConfig.linux?.target).toEqual(['AppImage', 'deb']);
    expect(builderConfig.mac?.target).toEqual(['dmg', 'zip']);
    expect(builderConfig.win?.target).toEqual(['nsis']);
    expect(builderConfig.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
  });
});

describe('release packaging', () => {
  it('updates come from the GitHub Releases of the repository the release workflow runs in; artifact names have no spaces (the feeds name them)', () => {
    expect(builderConfig.artifactName).not.toMatch(/\s/);
    expect(githubPublish({ GITHUB_REPOSITORY: 'someone/in-between-dealer' })).toEqual({
      provider: 'github',
      releaseType: 'draft',
      owner: 'someone',
      repo: 'in-between-dealer',
    });
    // A laptop build has no update feed rather than a guessed one.
    expect(githubPublish({})).toBeNull();
  });
});
