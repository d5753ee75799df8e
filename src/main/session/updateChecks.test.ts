import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfBackend } from '../store/confBackend';
import { GameSession } from './gameSession';

/** The host's "look for updates" setting (docs/release.md): kept with the other preferences. */
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-update-checks-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const open = () => new GameSession({ storage: createConfBackend(root) });

describe('the update checks setting', () => {
  it('is on until the host turns it off, and off is kept across a restart, with the other preferences as they were', () => {
    const first = open();
    expect(first.getView().preferences.updateChecks ?? true).toBe(true);
    first.runNow('updatePreferences', { language: 'it' });
    expect(first.runNow('updatePreferences', { updateChecks: false }).ok).toBe(true);
    first.close();
    const again = open();
    expect(again.getView().preferences).toMatchObject({ language: 'it', updateChecks: false });
    again.runNow('updatePreferences', { updateChecks: true });
    again.close();
    expect(open().getView().preferences.updateChecks).toBe(true);
  });

  it('refuses anything but true or false, in words, and changes nothing', () => {
    const session = open();
    session.runNow('updatePreferences', { updateChecks: false });
    const result = session.runNow('updatePreferences', { updateChecks: 'no' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/updateChecks is true or false/);
    expect(session.getView().preferences.updateChecks).toBe(false);
  });
});
