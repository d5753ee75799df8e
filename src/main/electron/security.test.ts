import { describe, expect, it } from 'vitest';
import { PRODUCTION_CSP } from '../host/csp';
import { contentSecurityPolicy, secureWebPreferences } from './security';

describe('Electron security settings', () => {
  it('every window is isolated, sandboxed and without Node', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
  });

  it('production pages get the strict policy: no inline code, no other origins', () => {
    const policy = contentSecurityPolicy({ kind: 'file', indexPath: '/x/index.html', url: new URL('file:///x/index.html') });
    expect(policy).toBe(PRODUCTION_CSP);
    expect(policy).not.toContain('unsafe');
    expect(policy).toContain("object-src 'none'");
  });

  it('only the dev server gets inline styles and its HMR socket', () => {
    const policy = contentSecurityPolicy({ kind: 'dev-server', url: new URL('http://localhost:5173') });
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("connect-src 'self' ws://localhost:5173");
    expect(policy).toContain("script-src 'self';");
  });
});
