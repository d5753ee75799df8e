import { describe, expect, it } from 'vitest';
import { advance, currentNight, openSession, run, sessionFolderPerTest, checkedExport, startNight, TestClock } from './testing/kit';

/**
 * A night the host starts and ends before anyone takes a turn (a wrong
 * start, a table that changed its mind): the opening antes are R4's and the
 * pot goes back by R22. The night checker, which judges a night only from
 * its export, must find it right, as it does a night with turns.
 */
const folder = sessionFolderPerTest('before-first-turn');

function findings(session: ReturnType<typeof openSession>): string[] {
  const night = session.currentNight;
  if (!night) throw new Error('no night');
  return checkedExport(night);
}

describe('a night with no turn, judged by the night checker', () => {
  for (const cards of ['deck', 'table'] as const) {
    it(`R4, R22: started, the dealer drawn, then ended before the first turn (cards: ${cards}): no finding`, () => {
      const session = openSession(folder.root, new TestClock());
      startNight(session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cat' }, { name: 'Dee' }], settings: { cards } });
      expect(findings(session)).toEqual([]);
      advance(session);
      expect(currentNight(session).turnsPlayed).toBe(0);
      expect(findings(session)).toEqual([]);
      run(session, 'endNight');
      expect(currentNight(session).phase).toBe('ended');
      expect(findings(session)).toEqual([]);
    });
  }
});
