import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfBackend } from '../store/confBackend';
import { GameSession } from './gameSession';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-preferences-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const open = () => new GameSession({ storage: createConfBackend(root) });

describe('host preferences (language, sound)', () => {
  it('start in English with sound on, and every window is told of a change', () => {
    const session = open();
    expect(session.getView().preferences).toEqual({ language: 'en', muted: false });
    const pushed: string[] = [];
    session.onView((view) => pushed.push(view.preferences.language));
    const result = session.runNow('updatePreferences', { language: 'it' });
    expect(result.ok).toBe(true);
    expect(pushed).toEqual(['it']);
  });

  it('are kept in the settings across a restart; what is left out stays as it was', () => {
    const first = open();
    first.runNow('updatePreferences', { language: 'fr' });
    first.runNow('updatePreferences', { muted: true });
    first.close();
    expect(open().getView().preferences).toEqual({ language: 'fr', muted: true });
  });

  it('the four-colour deck is off until the host turns it on, and is kept across a restart with the rest', () => {
    const first = open();
    expect(first.getView().preferences.fourColourDeck ?? false).toBe(false);
    first.runNow('updatePreferences', { fourColourDeck: true });
    first.runNow('updatePreferences', { language: 'es' });
    first.close();
    expect(open().getView().preferences).toEqual({ language: 'es', muted: false, fourColourDeck: true });
  });

  it('refuse a language the app does not speak, and change nothing', () => {
    const session = open();
    const result = session.runNow('updatePreferences', { language: 'de' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/en, fr, it, es/);
    expect(session.getView().preferences.language).toBe('en');
  });
});
