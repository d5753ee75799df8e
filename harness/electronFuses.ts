import type { Configuration } from 'electron-builder';

/**
 * Electron's fuses for the packaged app, flipped in the binary by
 * electron-builder (its `electronFuses` option runs @electron/fuses after
 * packing, before signing). Each one closes a way to run other code with the
 * app's identity:
 *
 * - runAsNode off: ELECTRON_RUN_AS_NODE cannot turn the app into a plain Node.
 * - enableNodeOptionsEnvironmentVariable off: NODE_OPTIONS / NODE_EXTRA_CA_CERTS are ignored.
 * - enableNodeCliInspectArguments off: no --inspect and no SIGUSR1 debugger.
 * - enableCookieEncryption on: the cookie store is encrypted with the OS keys.
 * - enableEmbeddedAsarIntegrityValidation on: app.asar is checked against the
 *   hash in the binary (macOS and Windows).
 * - onlyLoadAppFromAsar on: the app is only loaded from app.asar, never from a
 *   folder beside it.
 * - grantFileProtocolExtraPrivileges off: file:// gets no privileges beyond a
 *   browser's (the app serves its pages from app://).
 * - loadBrowserProcessSpecificV8Snapshot off: the default snapshot.
 *
 * WasmTrapHandlers, the one fuse electron-builder cannot set, keeps Electron's
 * default (on).
 */
export type DealerFuses = NonNullable<Configuration['electronFuses']>;

export const DEALER_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
  loadBrowserProcessSpecificV8Snapshot: false,
  // Apple Silicon refuses an ad-hoc signature the flip invalidated; re-sign when unsigned.
  resetAdHocDarwinSignature: true,
} as const satisfies DealerFuses;
