import { describe, expect, it } from 'vitest';
import { PRODUCTION_CSP } from '../host/csp';
import { rendererSource } from './renderer';
import { contentSecurityPolicy, permissionAllowed, secureWebPreferences } from './security';

const appSource = rendererSource(true, {});
const devSource = rendererSource(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173' });

describe('Electron security settings', () => {
  it('every window is isolated, sandboxed and without Node', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
  });

  it('production pages get the strict policy: no inline code, no other origins', () => {
    const policy = contentSecurityPolicy(appSource);
    expect(policy).toBe(PRODUCTION_CSP);
    expect(policy).not.toContain('unsafe');
    expect(policy).toContain("object-src 'none'");
  });

  it('only the dev server gets inline styles and its HMR socket', () => {
    const policy = contentSecurityPolicy(devSource);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("connect-src 'self' ws://localhost:5173");
    expect(policy).toContain("script-src 'self';");
  });
});

describe('permissions: "Copy as text" may write the clipboard, nothing else is granted', () => {
  const ours = { id: 1 } as unknown as Electron.WebContents;
  const stranger = { id: 2 } as unknown as Electron.WebContents;
  const isOurs = (contents: Electron.WebContents | null) => contents === ours;

  it('our page in our window may write sanitized text to the clipboard', () => {
    expect(permissionAllowed(appSource, isOurs, ours, 'clipboard-sanitized-write', 'app://dealer/')).toBe(true);
    expect(permissionAllowed(appSource, isOurs, ours, 'clipboard-sanitized-write', 'app://dealer/index.html#/')).toBe(true);
    expect(permissionAllowed(devSource, isOurs, ours, 'clipboard-sanitized-write', 'http://localhost:5173/')).toBe(true);
  });

  it('another origin, another window, or any other permission is refused', () => {
    expect(permissionAllowed(appSource, isOurs, ours, 'clipboard-sanitized-write', 'https://example.com/')).toBe(false);
    expect(permissionAllowed(appSource, isOurs, ours, 'clipboard-sanitized-write', 'file:///tmp/x.html')).toBe(false);
    expect(permissionAllowed(appSource, isOurs, stranger, 'clipboard-sanitized-write', 'app://dealer/')).toBe(false);
    expect(permissionAllowed(appSource, isOurs, null, 'clipboard-sanitized-write', 'app://dealer/')).toBe(false);
    for (const permission of ['clipboard-read', 'media', 'notifications', 'geolocation', 'fullscreen', 'openExternal']) {
      expect(permissionAllowed(appSource, isOurs, ours, permission, 'app://dealer/'), permission).toBe(false);
    }
  });
});
