import { describe, expect, it } from 'vitest';
import { COMMAND_ERROR_CODES, type CommandError, type CommandErrorCode, type Language } from '../../../../shared';
import { describeError, type Translate } from '../describe';
import { createAppI18n } from '../index';
import { LOCALE_MESSAGES } from '../allLocales';
import type { RefusalTexts } from './texts';
import en from './en';
import es from './es';
import fr from './fr';
import it_ from './it';

const TABLES: Record<Language, RefusalTexts> = { en, fr, it: it_, es };

/** A refusal of each code as main sends it, with the parameters main fills in. */
const SAMPLES: Record<CommandErrorCode, Omit<CommandError, 'code' | 'message'>> = {
  'invalid-input': {},
  'bad-iban': { params: { iban: 'DE89370400440532013001', reason: 'checksum' } },
  'bad-bic': { params: { bic: 'XX', reason: 'format' } },
  'too-many-questions': { params: { seconds: 3 } },
  'stale-state': { params: { current: 4 } },
  'wrong-phase': { params: { phase: 'cut' } },
  'no-night': {},
  'night-open': {},
  'night-closed': {},
  'unknown-player': { params: { player: 'p9' } },
  'unknown-night': { params: { night: 'n9' } },
  'data-exists': { params: { nights: 3, players: 5 } },
  'bet-too-small': { params: { min: 1, max: 6 } },
  'bet-above-pot': { params: { pot: 6, min: 1, max: 6 } },
  'bet-above-stack': { params: { player: 'Zoë', stack: 3, min: 1, max: 3 } },
  'bet-above-limit': { rule: 'R27', params: { min: 1, max: 5 } },
  'bad-pair-call': { rule: 'R29', params: { allowed: 'lower' } },
  'rule-off': { rule: 'R26' },
  'already-sitting-out': { params: { player: 'Zoë' } },
  'not-sitting-out': { params: { player: 'Zoë' } },
  'not-latest-night': {},
  'bad-cut': { params: { max: 51 } },
  'not-enough-players': { rule: 'R6' },
  'starting-chips-too-few': { rule: 'R4', params: { ante: 2 } },
  'already-left': { params: { player: 'Zoë' } },
  'duplicate-player': { params: { name: 'Zoë' } },
  'nothing-to-undo': {},
  'cannot-undo-cards': {},
  'player-busy': { params: { player: 'Zoë' } },
  'seating-undo-too-late': { params: { player: 'Zoë' } },
  conservation: { rule: 'R24' },
  storage: {},
  'forbidden-role': { params: { role: 'phone', command: 'bet' } },
  'unknown-expense': { params: { expense: 'e9' } },
  'too-many-expenses': { params: { max: 100 } },
  'phones-unavailable': {},
  'payments-marked': { params: { n: 2 } },
  'same-player': { params: { name: 'Zoë', into: 'Zoe' } },
  'already-merged': { params: { name: 'Zoë', into: 'Zoe' } },
  'not-merged': { params: { name: 'Zoë' } },
  'player-seated': { params: { name: 'Zoë' } },
  'unknown-backup': {},
  'data-folder-fixed': {},
  'not-this-night': {},
  'not-a-witness': {},
  'bad-reveal': { rule: 'R34' },
  'reveal-late': { rule: 'R34' },
  'not-in-group': {},
  'no-pay-details': { params: { name: 'Zoë' } },
  'laptop-id-shared': { params: { laptop: 'Ann’s laptop' } },
  'laptop-id-not-shared': {},
  'laptop-name-taken': { params: { name: 'Kitchen laptop' } },
  'no-key-change': {},
  'already-in-group': { params: { group: 'Friday game' } },
  'other-group': { params: { group: 'Friday game' } },
  'bad-group-file': { params: { file: '/tmp/group.json' } },
  'night-elsewhere': { rule: 'R33', params: { laptop: 'Ann’s laptop' } },
  'pairing-refused': {},
  'pairing-needs-group': {},
  'pairing-other-group': { params: { group: 'Friday' } },
  'peer-unreachable': { params: { address: '192.168.1.20:47900' } },
  'not-paired': {},
  'group-lan-unavailable': {},
  'night-moved': {},
  'holder-reachable': {},
  'copy-not-ready': {},
  'live-copy-refused': {},
};

const MAIN_ENGLISH = 'MAIN-ENGLISH-MESSAGE';

describe('the refusal texts', () => {
  it('are checked by the compiler: a table that leaves out a code does not build', () => {
    // @ts-expect-error every code of src/shared/errors.ts needs its text
    const partial: RefusalTexts = { 'stale-state': 'Someone acted first.' };
    expect(Object.keys(partial)).toHaveLength(1);
  });

  it('have a text for every code main can send, in each of the four languages, and no text for a code main does not send', () => {
    for (const [language, table] of Object.entries(TABLES)) {
      expect(Object.keys(table).sort(), language).toEqual([...COMMAND_ERROR_CODES].sort());
      for (const code of COMMAND_ERROR_CODES) expect(table[code].trim(), `${language} ${code}`).not.toBe('');
    }
  });

  it('are what the console shows: every refusal reaches a French, Italian or Spanish console in its language, with the names main sent', () => {
    const i18n = createAppI18n('en', LOCALE_MESSAGES);
    const t: Translate = (key, named = {}, plural) =>
      plural === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, plural);
    for (const language of ['fr', 'it', 'es'] as const) {
      i18n.global.locale.value = language;
      for (const code of COMMAND_ERROR_CODES) {
        const words = describeError({ code, message: MAIN_ENGLISH, ...SAMPLES[code] }, t);
        expect(words, `${language} ${code}`).not.toContain(MAIN_ENGLISH);
        expect(words, `${language} ${code}`).not.toMatch(/\{\w+\}|errors\./);
        expect(words, `${language} ${code}`).not.toBe(describeErrorIn('en', code));
        const named = SAMPLES[code].params?.player ?? SAMPLES[code].params?.name;
        if (named !== undefined && code !== 'unknown-player') expect(words, `${language} ${code}`).toContain(named);
      }
    }

    function describeErrorIn(language: Language, code: CommandErrorCode): string {
      const before = i18n.global.locale.value;
      i18n.global.locale.value = language;
      try {
        return describeError({ code, message: MAIN_ENGLISH, ...SAMPLES[code] }, t);
      } finally {
        i18n.global.locale.value = before;
      }
    }
  });

  it('name the player main names, and "a player" when main names nobody (a busy player in a turn correction)', () => {
    const i18n = createAppI18n('it', LOCALE_MESSAGES);
    const t: Translate = (key, named = {}) => i18n.global.t(key, named);
    expect(describeError({ code: 'player-busy', message: MAIN_ENGLISH, params: { player: 'Zoë' } }, t)).toBe(
      'Zoë è nel mezzo di un turno: finiscilo prima.',
    );
    expect(describeError({ code: 'player-busy', message: MAIN_ENGLISH }, t)).toBe('Un giocatore è nel mezzo di un turno: finiscilo prima.');
    expect(describeError({ code: 'starting-chips-too-few', rule: 'R4', message: MAIN_ENGLISH, params: { ante: 2 } }, t)).toContain(
      'dell’ante di 2',
    );
  });

  it('each end as a sentence, in every language: "bet 1 to 6." like the refusals beside them, not cut off', () => {
    for (const [language, table] of Object.entries(TABLES)) {
      for (const code of COMMAND_ERROR_CODES) expect(table[code].trim(), `${language} ${code}`).toMatch(/[.!?…)]$/);
    }
  });

  it('are the messages of each locale (nothing else words a refusal code)', () => {
    for (const [language, messages] of Object.entries(LOCALE_MESSAGES)) {
      const errors = (messages as { errors: Record<string, unknown> }).errors;
      for (const code of COMMAND_ERROR_CODES) expect(errors[code], `${language} ${code}`).toBe(TABLES[language as Language][code]);
    }
  });
});
