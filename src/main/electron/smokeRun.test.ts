import { describe, expect, it } from 'vitest';
import { judgeSmoke, smokeRequest } from './smokeRun';

describe('the packaged app smoke run (--smoke-report)', () => {
  it('is not a smoke run without the switch', () => {
    expect(smokeRequest(['/opt/app/in-between-dealer', '--user-data-dir=/tmp/x'])).toEqual({ kind: 'none' });
  });

  it('runs with a report file and a throwaway data folder, in either spelling', () => {
    expect(smokeRequest(['app', '--smoke-report=/tmp/r.json', '--user-data-dir=/tmp/u'])).toEqual({
      kind: 'run',
      reportPath: '/tmp/r.json',
    });
    expect(smokeRequest(['app', '--smoke-report', 'r.json', '--user-data-dir', 'u'])).toEqual({ kind: 'run', reportPath: 'r.json' });
  });

  it("refuses to run on the host's own data folder: no --user-data-dir, no smoke run", () => {
    const request = smokeRequest(['app', '--smoke-report=/tmp/r.json']);
    expect(request).toMatchObject({ kind: 'refused' });
    expect(request.kind === 'refused' && request.reason).toMatch(/--user-data-dir/);
  });

  it('refuses a switch without a file', () => {
    expect(smokeRequest(['app', '--smoke-report=', '--user-data-dir=u'])).toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/FILE/),
    });
  });

  it('passes only with both windows from app:// and a view from main', () => {
    const seen = {
      name: 'in-between-dealer',
      version: '0.1.0',
      platform: 'linux',
      windows: ['app://dealer/index.html#/table', 'app://dealer/index.html#/'],
      viewKeys: ['night', 'roster', 'preferences'],
    };
    expect(judgeSmoke(seen).ok).toBe(true);
    expect(judgeSmoke({ ...seen, windows: ['app://dealer/index.html#/'] })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not the console and the table/),
    });
    expect(judgeSmoke({ ...seen, windows: ['file:///x/index.html#/', 'file:///x/index.html#/table'] }).ok).toBe(false);
    expect(judgeSmoke({ ...seen, viewKeys: [] })).toMatchObject({ ok: false, error: expect.stringMatching(/no night.*no roster/) });
  });
});
