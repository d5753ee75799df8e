import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { viewForRole, type AppView } from '../../shared';
import { consoleViewMessage } from './socketSessions';

const message = (view: AppView): Buffer => Buffer.from(JSON.stringify({ type: 'view', view }), 'utf8');

/** A view with the fields the console alone is sent (`group`, `groupLan`), each present or not. */
function viewWith(extra: Partial<AppView>): AppView {
  return {
    night: null,
    roster: [{ id: 'p1', name: 'Zoë «Ann»', colour: '#f2c14e', initials: 'ZA', archived: false }],
    lastSetup: null,
    storageNotices: [],
    tableScreen: { kind: 'live' },
    settleMode: 'fewest',
    preferences: { language: 'en', muted: false },
    ...extra,
  } as AppView;
}

describe('the console view message made from the screens one (serialised once)', () => {
  it('parses to the very view the console would have been sent whole, whichever console-only fields it has', () => {
    const group = { id: 'g1', name: 'Thursday', laptops: [] } as unknown as AppView['group'];
    const groupLan = { paired: [], pairing: null } as unknown as AppView['groupLan'];
    fc.assert(
      fc.property(fc.constantFrom(undefined, null, group), fc.constantFrom(undefined, groupLan), (g, lan) => {
        const view = viewWith({ ...(g !== undefined ? { group: g } : {}), ...(lan !== undefined ? { groupLan: lan } : {}) });
        const watched = viewForRole(view, 'phone');
        const made = consoleViewMessage(view, watched, message(watched));
        expect(JSON.parse(made.toString('utf8'))).toEqual(JSON.parse(JSON.stringify({ type: 'view', view })));
        // The screens' own text is left as it was: they never see the group.
        expect(JSON.parse(message(watched).toString('utf8')).view).not.toHaveProperty('groupLan');
      }),
    );
  });

  it('is the screens text itself when the view has nothing of the console alone', () => {
    const view = viewWith({});
    const text = message(view);
    expect(consoleViewMessage(view, viewForRole(view, 'phone'), text)).toBe(text);
  });
});
