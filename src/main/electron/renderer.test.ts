import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, isRendererOrigin, originOf, pageUrl, rendererSource } from './renderer';

describe('which origin counts as our renderer (IPC sender check, permissions)', () => {
  it('packaged or without a dev server, the renderer is app://dealer, never file://', () => {
    const source = rendererSource(true, { ELECTRON_RENDERER_URL: 'http://localhost:5173' });
    expect(source.kind).toBe('app');
    expect(source.origin).toBe('app://dealer');
    expect(pageUrl(source, '/')).toBe('app://dealer/index.html#/');
    expect(pageUrl(source, '/table')).toBe('app://dealer/index.html#/table');
  });

  it("our origin is spelled out: Node's URL calls a custom scheme's origin 'null'", () => {
    expect(new URL('app://dealer/index.html').origin).toBe('null');
    expect(originOf('app://dealer/index.html#/table')).toBe(APP_ORIGIN);
  });

  it('in production only app://dealer passes, with or without a path', () => {
    const source = rendererSource(true, {});
    expect(isRendererOrigin(source, 'app://dealer')).toBe(true);
    expect(isRendererOrigin(source, 'app://dealer/')).toBe(true);
    expect(isRendererOrigin(source, 'app://dealer/index.html#/table')).toBe(true);
    for (const foreign of [
      'app://evil',
      'app://dealer.evil',
      'app://dealer:8080',
      'file:///tmp/index.html',
      'http://localhost:5173',
      'https://dealer',
      'null',
      '',
      'not a url',
    ]) {
      expect(isRendererOrigin(source, foreign), foreign).toBe(false);
    }
  });

  it('in development only the dev server origin passes', () => {
    const source = rendererSource(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173' });
    expect(source.kind).toBe('dev-server');
    expect(pageUrl(source, '/table')).toBe('http://localhost:5173/#/table');
    expect(isRendererOrigin(source, 'http://localhost:5173')).toBe(true);
    expect(isRendererOrigin(source, 'http://localhost:5173/#/table')).toBe(true);
    expect(isRendererOrigin(source, 'http://localhost:5174')).toBe(false);
    expect(isRendererOrigin(source, 'app://dealer')).toBe(false);
    expect(isRendererOrigin(source, 'https://example.com')).toBe(false);
  });
});
