import { describe, expect, it } from 'vitest';
import type { Announcement } from '../../../shared';
import { describeAnnouncement, describeError, type Translate } from './describe';
import { LOCALE_MESSAGES } from './allLocales';
import { createAppI18n } from './index';

const i18n = createAppI18n('en', LOCALE_MESSAGES);
const t: Translate = (key, named = {}, plural) => (plural === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, plural));
const names = (id: string) => ({ p1: 'Maya', p2: 'Leo', p3: 'Ana' })[id] ?? id;

function announcement(partial: Partial<Announcement> & Pick<Announcement, 'kind'>): Announcement {
  return { playerId: null, amount: 0, playerIds: [], moves: [], ...partial };
}

describe('describeError', () => {
  it('a field main\'s schema refused is worded per field in each language, not "startingChips: ..." as main wrote it', () => {
    const refusal = (command: string, field: string, problem: string) =>
      describeError({ code: 'invalid-input', message: `${field}: English`, params: { command, field, problem } }, t);
    expect(refusal('startNight', 'startingChips', 'too-big')).toBe('Starting chips: more than this table takes. Type a smaller number.');
    expect(refusal('seatPlayer', 'buyIn', 'too-big')).toContain("The newcomer's buy-in");
    expect(refusal('addExpense', 'amount', 'invalid')).toBe('An expense: not accepted as typed. Check it and try again.');
    expect(refusal('bet', 'amount', 'invalid')).not.toContain('amount:');
    i18n.global.locale.value = 'fr';
    expect(refusal('startNight', 'startingChips', 'too-big')).toBe(
      'Les jetons de départ : plus que ce que cette table accepte. Tapez un nombre plus petit.',
    );
    i18n.global.locale.value = 'en';
    // A field without words is said in general words.
    expect(refusal('updatePreferences', 'language', 'invalid')).toBe('Not accepted as written: check it and try again. Nothing changed.');
  });

  it('M3: says how many payments stop a night being settled another way, one or many', () => {
    const refusal = (n: number) => describeError({ code: 'payments-marked', message: 'marked', params: { n, night: 'x' } }, t);
    expect(refusal(1)).toBe(
      'A payment of this night is marked paid: mark it unpaid on the running tab (D) before settling the night another way (M3).',
    );
    expect(refusal(3)).toMatch(/^3 payments of this night are marked paid/);
  });

  it("R21, R26, R27, R32, R33: the house-rule, undo and seating refusals are worded in the console's language, not main's English", () => {
    const refusals = [
      {
        code: 'bet-above-limit',
        rule: 'R27',
        message: 'The largest bet tonight is 5: bet 1 to 5 (R27).',
        params: { min: 1, max: 5, cap: 5 },
      },
      { code: 'rule-off', rule: 'R26', message: 'Passing is not allowed tonight: bet at least 1 (R26, setting pass).' },
      { code: 'already-sitting-out', rule: 'R32', message: 'Zoë is already sitting out.', params: { player: 'Zoë' } },
      { code: 'not-sitting-out', rule: 'R32', message: 'Zoë is not sitting out.', params: { player: 'Zoë' } },
      { code: 'not-latest-night', rule: 'R33', message: 'A later night has started: only the most recent night can be reopened (R33).' },
      { code: 'nothing-to-undo', rule: 'R21', message: 'There is nothing to undo (R21).' },
      {
        code: 'seating-undo-too-late',
        rule: 'R21',
        message: 'The table has moved on since Zoë sat out (R21).',
        params: { player: 'Zoë', change: 'sat-out' },
      },
    ] as const;
    const english = refusals.map((refusal) => describeError(refusal, t));
    i18n.global.locale.value = 'fr';
    try {
      const french = refusals.map((refusal) => describeError(refusal, t));
      refusals.forEach((refusal, i) => {
        expect(french[i], refusal.code).not.toBe(refusal.message);
        expect(french[i], refusal.code).not.toBe(english[i]);
        expect(french[i], refusal.code).not.toMatch(/\{\w+\}/);
      });
      expect(french[0]).toBe('La plus grosse mise permise maintenant est 5 : misez de 1 à 5 (R27).');
      expect(french[2]).toBe('Zoë est déjà en pause.');
      // Another house rule refused as off is not called a pass: it is said in general words, still in French.
      expect(describeError({ code: 'rule-off', rule: 'R28', message: 'Main says why.' }, t)).toBe(
        'Refusé par le croupier : rien n’a changé.',
      );
    } finally {
      i18n.global.locale.value = 'en';
    }
  });

  it('R17: says what the pot allows when a bet is above it', () => {
    const text = describeError(
      { code: 'bet-above-pot', rule: 'R17', message: 'The pot holds 6: bet 1 to 6 (R17).', params: { pot: 6, min: 1, max: 6 } },
      t,
    );
    expect(text).toBe('The pot holds 6: bet 1 to 6.');
  });

  it('R3: names the player whose stack limits the bet', () => {
    const text = describeError({ code: 'bet-above-stack', message: 'x', params: { player: 'Leo', stack: 3, min: 1, max: 3 } }, t);
    expect(text).toBe('Leo has 3: bet 1 to 3.');
  });

  it("says a refusal in general words, never with a hole or in main's English, when main leaves out a name or number it needs", () => {
    expect(describeError({ code: 'bet-above-pot', message: 'Bet at most 6 chips', params: { pot: 6 } }, t)).toBe(
      'Refused by the dealer: nothing changed.',
    );
  });

  it("R6: words a refusal whose English from main names players in the console's own words", () => {
    const message = 'Only Maya has chips: record a buy-in or end the night (R6).';
    expect(describeError({ code: 'not-enough-players', rule: 'R6', message }, t)).toBe(
      'At least 2 players need chips: record a buy-in or end the night (R6).',
    );
  });

  it('R11: derives the highest cut from the deck size', () => {
    expect(describeError({ code: 'bad-cut', message: 'bad cut', params: { size: 52 } }, t)).toBe('The cut is a whole number from 0 to 51.');
  });

  it('says which step the table is waiting for when a command comes at the wrong time', () => {
    expect(describeError({ code: 'wrong-phase', message: 'x', params: { phase: 'cut' } }, t)).toBe(
      'Not now: the table is waiting for the cut.',
    );
  });
});

describe('describeAnnouncement', () => {
  it('R18: tells the winner to take chips from the pot', () => {
    const text = describeAnnouncement(announcement({ kind: 'win', playerId: 'p1', amount: 4 }), t, names);
    expect(text.headline).toBe('Maya wins 4: take 4 from the pot');
  });

  it('R18: tells a player who hits the post what goes into the pot', () => {
    const text = describeAnnouncement(announcement({ kind: 'post', playerId: 'p2', amount: 3 }), t, names);
    expect(text.headline).toBe('Leo hits the post: 3 into the pot');
  });

  it('R4: names only the players who ante when someone is sitting out', () => {
    const all = describeAnnouncement(announcement({ kind: 'ante', amount: 1, playerIds: ['p1', 'p2'] }), t, names, ['p1', 'p2']);
    expect(all.headline).toBe('Everyone antes 1');
    const some = describeAnnouncement(announcement({ kind: 'ante', amount: 1, playerIds: ['p1', 'p2'] }), t, names, ['p1', 'p2', 'p3']);
    expect(some.headline).toBe('Maya, Leo ante 1');
  });

  it('counts chips in the singular and the plural for a buy-in', () => {
    expect(describeAnnouncement(announcement({ kind: 'buy-in', playerId: 'p3', amount: 1 }), t, names).headline).toBe(
      'Ana buys in: give Ana 1 chip',
    );
    expect(describeAnnouncement(announcement({ kind: 'buy-in', playerId: 'p3', amount: 20 }), t, names).headline).toBe(
      'Ana buys in: give Ana 20 chips',
    );
  });

  it('R21: lists the chips a correction moves back', () => {
    const text = describeAnnouncement(
      announcement({
        kind: 'corrected',
        playerId: 'p1',
        amount: 2,
        moves: [
          { from: 'pot', to: 'player:p1', amount: 5 },
          { from: 'player:p1', to: 'pot', amount: 3 },
        ],
      }),
      t,
      names,
    );
    expect(text.details).toEqual(['Maya takes 5 from the pot', 'Maya puts 3 into the pot']);
  });
});
