import { describe, expect, it } from 'vitest';
import { isRendererUrl, rendererSource } from './renderer';

describe('which pages count as our renderer (IPC sender check)', () => {
  it('in production, only our built index.html, on any route', () => {
    const source = rendererSource(true, { ELECTRON_RENDERER_URL: 'http://localhost:5173' });
    expect(source.kind).toBe('file');
    const ours = source.url.href;
    expect(isRendererUrl(source, ours)).toBe(true);
    expect(isRendererUrl(source, `${ours}#/table`)).toBe(true);
    expect(isRendererUrl(source, ours.replace('index.html', 'other.html'))).toBe(false);
    expect(isRendererUrl(source, 'file:///tmp/index.html')).toBe(false);
    expect(isRendererUrl(source, `${ours}?x=1`)).toBe(false);
    expect(isRendererUrl(source, 'http://localhost:5173/')).toBe(false);
    expect(isRendererUrl(source, 'not a url')).toBe(false);
  });

  it('in development, only the dev server origin', () => {
    const source = rendererSource(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173' });
    expect(source.kind).toBe('dev-server');
    expect(isRendererUrl(source, 'http://localhost:5173/#/table')).toBe(true);
    expect(isRendererUrl(source, 'http://localhost:5174/')).toBe(false);
    expect(isRendererUrl(source, 'https://example.com/')).toBe(false);
  });
});
