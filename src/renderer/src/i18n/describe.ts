import type { Account, Announcement, CommandError, CommandErrorCode } from '../../../shared';

/**
 * Words for what main reports: refusals and announcements. Main sends codes
 * and numbers; the words live here so the table can be translated. Plain
 * functions over a translate function, so they are testable without a DOM.
 */

export type Translate = (key: string, named?: Record<string, unknown>, plural?: number) => string;

/**
 * The parameters each refusal's text needs (complete: a Record over every
 * code, so a new code is a compile error here until it is worded). When main
 * leaves one out, the refusal is said in general words (`errors.notAccepted`)
 * rather than with a hole or in main's English.
 */
const ERROR_PARAMS: Record<CommandErrorCode, readonly string[]> = {
  'invalid-input': [],
  'stale-state': [],
  'too-many-questions': ['seconds'],
  'wrong-phase': ['what'],
  'no-night': [],
  'night-open': [],
  'night-closed': [],
  'unknown-player': ['player'],
  'unknown-night': ['night'],
  'data-exists': ['nights', 'players'],
  'bet-too-small': ['min', 'max'],
  'bet-above-pot': ['pot', 'min', 'max'],
  'bet-above-stack': ['player', 'stack', 'min', 'max'],
  'bet-above-limit': ['min', 'max'],
  'bad-pair-call': [],
  'rule-off': [],
  'already-sitting-out': ['player'],
  'not-sitting-out': ['player'],
  'not-latest-night': [],
  'bad-cut': ['max'],
  'not-enough-players': [],
  'starting-chips-too-few': ['ante'],
  'already-left': ['player'],
  'duplicate-player': ['name'],
  'nothing-to-undo': [],
  'cannot-undo-cards': [],
  'player-busy': ['player'],
  'seating-undo-too-late': ['player'],
  conservation: [],
  storage: [],
  'forbidden-role': [],
  'unknown-expense': ['expense'],
  'too-many-expenses': ['max'],
  'phones-unavailable': [],
  'payments-marked': ['n'],
  'same-player': ['name', 'into'],
  'already-merged': ['name', 'into'],
  'not-merged': ['name'],
  'player-seated': ['name'],
  'unknown-backup': [],
  'data-folder-fixed': [],
  'bad-iban': ['iban', 'why'],
  'bad-bic': ['why'],
  'not-this-night': [],
  'not-a-witness': [],
  'bad-reveal': [],
  'reveal-late': [],
  'not-in-group': [],
  'already-in-group': ['group'],
  'other-group': ['group'],
  'bad-group-file': ['file'],
  'night-elsewhere': ['laptop'],
  'pairing-refused': [],
  'pairing-needs-group': [],
  'pairing-other-group': ['group'],
  'peer-unreachable': ['address'],
  'not-paired': [],
  'group-lan-unavailable': [],
  'night-moved': [],
  'holder-reachable': [],
  'copy-not-ready': [],
  'live-copy-refused': [],
  'no-pay-details': ['name'],
  'laptop-id-shared': ['laptop'],
  'laptop-id-not-shared': [],
  'laptop-name-taken': ['name'],
  'no-key-change': [],
};

/** A refusal of main in the console's language (refusals/<language>.ts), with the names and numbers main sent. */
export function describeError(error: CommandError, t: Translate): string {
  const params: Record<string, string | number> = { ...error.params };
  // Main may name the deck size rather than the highest cut.
  if (error.code === 'bad-cut' && params.max === undefined && typeof params.size === 'number') params.max = params.size - 1;
  if (error.code === 'wrong-phase' && typeof params.phase === 'string') params.what = t(`waitingFor.${params.phase}`);
  if (error.code === 'bad-iban' && typeof params.reason === 'string') params.why = t(`pay.ibanWhy.${params.reason}`);
  if (error.code === 'bad-bic' && typeof params.reason === 'string')
    params.why = t(`pay.bicWhy.${params.reason}`, { bic: params.bic ?? '' });
  // A turn correction names no one: "a player" is busy.
  if (error.code === 'player-busy' && params.player === undefined) params.player = t('errors.somePlayer');
  // Passing (R26) is the only house rule refused as "off" today; another is not called a pass.
  if (error.code === 'rule-off' && error.rule !== 'R26') return t('errors.notAccepted', params);
  // A name already at tonight's table (J, the lobby's seats) is said as the lobby says it.
  if (error.code === 'duplicate-player' && typeof params.player === 'string') return t('lobby.alreadySeated', { name: params.player });
  if (error.code === 'invalid-input') return fieldRefusal(params, t) ?? t('errors.invalid-input', params);
  if (ERROR_PARAMS[error.code].some((p) => params[p] === undefined)) return t('errors.notAccepted', params);
  // A count (`n`) picks the plural form of its message.
  return typeof params.n === 'number' ? t(`errors.${error.code}`, params, params.n) : t(`errors.${error.code}`, params);
}

/**
 * A field main's schema refused ("startingChips: ..."), in the host's words:
 * the field's name and what is wrong, for the fields the console sends.
 * Null for a field without words (main's English then).
 */
const FIELD_NAMES: Readonly<Record<string, readonly string[]>> = {
  startNight: ['startingChips', 'chipValue'],
  seatPlayer: ['buyIn', 'player.name'],
  buyIn: ['amount'],
  bet: ['amount'],
  correctBet: ['amount'],
  cut: ['cut'],
  addExpense: ['amount', 'description'],
  editExpense: ['amount', 'description'],
  renameLaptop: ['name'],
};

function fieldRefusal(params: Record<string, string | number>, t: Translate): string | null {
  const { command, field, problem } = params;
  if (typeof command !== 'string' || typeof field !== 'string' || !FIELD_NAMES[command]?.includes(field)) return null;
  const named = { field: t(`fields.${command}.${field.replace('.', '_')}`) };
  return t(problem === 'too-big' ? 'errors.fieldTooBig' : 'errors.fieldInvalid', named);
}

/** A request that never got an answer (connection lost, malformed request). */
export function describeFailure(failure: unknown, t: Translate): string {
  const message = failure instanceof Error ? failure.message : String(failure);
  return t('errors.connection', { message });
}

export function chips(t: Translate, n: number): string {
  return t('chips', { n }, n);
}

/** One chip movement in the table's words, e.g. "Maya takes 4 from the pot". */
function describeMove(move: Announcement['moves'][number], t: Translate, names: (id: string) => string): string {
  const from = accountName(move.from, names);
  const to = accountName(move.to, names);
  const amount = move.amount;
  if (move.from === 'pot' && to) return t('announce.move.potToPlayer', { name: to, amount });
  if (move.to === 'pot' && from) return t('announce.move.playerToPot', { name: from, amount });
  if (move.from === 'bank' && to) return t('announce.move.bankToPlayer', { name: to, amount: chips(t, amount) });
  if (move.to === 'bank' && from) return t('announce.move.playerToBank', { name: from, amount: chips(t, amount) });
  if (move.from === 'bank') return t('announce.move.bankToPot', { amount });
  if (move.to === 'bank') return t('announce.move.potToBank', { amount });
  return t('announce.move.playerToPlayer', { from, to, amount });
}

function accountName(account: Account, names: (id: string) => string): string | null {
  return account.startsWith('player:') ? names(account.slice('player:'.length)) : null;
}

/** Kinds whose headline alone does not say which chips move: the moves are listed after it. */
const LISTS_MOVES = new Set<Announcement['kind']>(['undo', 'corrected', 'voided', 'pot-split']);

export interface AnnouncementText {
  headline: string;
  /** Each chip movement, when the headline does not say it. */
  details: string[];
}

export function describeAnnouncement(
  a: Announcement,
  t: Translate,
  names: (id: string) => string,
  seatedIds: readonly string[] = [],
  pairCall: 'higher' | 'lower' | null = null,
): AnnouncementText {
  const name = a.playerId ? names(a.playerId) : '';
  const named = {
    name,
    amount: a.amount,
    chips: chips(t, a.amount),
    names: a.playerIds.map(names).join(', '),
  };
  let headline: string;
  if (a.kind === 'ante' && seatedIds.some((id) => !a.playerIds.includes(id)) && a.playerIds.length > 0) {
    headline = t('announce.anteSome', named);
  } else if (a.kind === 'pair-called' && pairCall) {
    // R29: the call itself, not only that there was one.
    headline = t(`announce.pairCalled.${pairCall}`, named);
  } else {
    headline = t(`announce.${a.kind}`, named);
  }
  const details = LISTS_MOVES.has(a.kind) ? a.moves.map((m) => describeMove(m, t, names)) : [];
  return { headline, details };
}
