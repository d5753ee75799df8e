import { describe, expect, it } from 'vitest';
import { chromiumExecutable } from '../../e2e/chromium';

const debian = (path: string) => path === '/usr/bin/chromium';
const nothing = () => false;
const debianWithShell = (path: string) => path === '/usr/bin/chromium' || path === '/usr/bin/chromium-headless-shell';

describe('which Chromium the browser e2e drive', () => {
  it("here: Debian's Chromium, as no browser can be downloaded", () => {
    expect(chromiumExecutable({}, debian)).toBe('/usr/bin/chromium');
  });

  it("Debian's headless shell first where both are installed: every e2e page is headless", () => {
    expect(chromiumExecutable({}, debianWithShell)).toBe('/usr/bin/chromium-headless-shell');
  });

  it('one named by DEALER_CHROMIUM wins', () => {
    expect(chromiumExecutable({ DEALER_CHROMIUM: '/opt/chrome/chrome' }, debian)).toBe('/opt/chrome/chrome');
  });

  it("on macOS and Windows runners (no /usr/bin/chromium): Playwright's own", () => {
    expect(chromiumExecutable({}, nothing)).toBeUndefined();
  });

  it("DEALER_CHROMIUM=playwright asks for Playwright's own even where a system Chromium exists (CI on GitHub's Ubuntu)", () => {
    expect(chromiumExecutable({ DEALER_CHROMIUM: 'playwright' }, debian)).toBeUndefined();
  });
});
