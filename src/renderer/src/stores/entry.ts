import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import type { CommandArgs, NightSetup, Payment, RosterPlayer } from '../../../shared';
import { MAX_CHIP_VALUE, minorToDecimal, parseMoney, type MoneyProblem } from '../../../shared/money';
import { DEFAULT_RULES, RULE_PRESETS, type RulePresetName, type RuleSettings } from '../../../shared/ruleChoices';
import { parseMaxBet } from '../lib/ruleOptions';

/** The most starting chips the contract takes (shared/commands.ts): said in the lobby, not by main's schema. */
const MAX_STARTING_CHIPS = 1_000_000;

/** A bet as typed: digits, or the whole pot (R17). */
export interface BetEntry {
  digits: string;
  pot: boolean;
}

export interface SeatEntry {
  /** A roster id, or absent for a new name. */
  id?: string;
  name: string;
}

export type AddNameOutcome = 'added' | 'empty' | 'duplicate';

export type SetupProblem =
  | 'bad-max-bet'
  | 'need-players'
  | 'bad-starting-chips'
  | 'too-many-starting-chips'
  | 'bad-chip-value'
  | 'chip-value-too-precise'
  | 'chip-value-too-large';

const CHIP_VALUE_PROBLEMS = {
  'not-a-number': 'bad-chip-value',
  'too-precise': 'chip-value-too-precise',
  'too-large': 'chip-value-too-large',
} as const satisfies Record<MoneyProblem, SetupProblem>;

/** What the host is typing: nothing here is sent until Enter. */
export const useEntryStore = defineStore('entry', () => {
  const bet = reactive<BetEntry>({ digits: '', pot: false });
  const correction = reactive<BetEntry>({ digits: '', pot: false });
  const cut = ref('');
  const buyInAmount = ref('');
  /** Index into the night's players for the buy-in and cash-out panels. */
  const panelPlayer = ref(0);
  function clearNightEntries(): void {
    Object.assign(bet, { digits: '', pot: false });
    Object.assign(correction, { digits: '', pot: false });
    cut.value = '';
    buyInAmount.value = '';
    boxSelected.value = false;
  }

  /**
   * M2: how the buy-in, cash-out or newcomer's buy-in of the open panel is
   * paid; the night's default when the panel opens, C switches it.
   */
  const panelPayment = ref<Payment>('credit');

  // --- the lobby's setup form ---
  /** M2: the night's default payment for buy-ins (the starting chips too) and cash-outs; C switches it. */
  const payment = ref<Payment>('credit');
  const seated = ref<SeatEntry[]>([]);
  const startingChips = ref('20');
  const chipValue = ref('1');
  const currency = ref('');
  const settings = reactive<RuleSettings>({ ...DEFAULT_RULES });
  /** R27's bet limit as typed: empty for none. Kept apart from `settings` so a half-typed number is never lost. */
  const maxBetText = ref('');
  const seatPlayerName = ref('');
  /** The open number box's text is selected (Ctrl+A), as it shows: the next key typed replaces it, Backspace empties it. */
  const boxSelected = ref(false);
  const seatBuyIn = ref('');
  /** Index into the night's players: the newcomer sits on their left, or the moved player goes there (R31). */
  const seatAfter = ref(0);

  /** Typing into the bet limit box: a valid number (or nothing) becomes the setting at once. */
  function setMaxBetText(text: string): void {
    maxBetText.value = text;
    const parsed = parseMaxBet(text);
    if (parsed.ok) settings.maxBet = parsed.value;
  }

  function showMaxBet(): void {
    maxBetText.value = settings.maxBet === null ? '' : String(settings.maxBet);
  }
  const rosterCursor = ref(0);
  const seatCursor = ref(0);

  const preset = computed<RulePresetName | 'custom'>(() => {
    const names = Object.keys(RULE_PRESETS) as RulePresetName[];
    return names.find((name) => sameSettings(RULE_PRESETS[name], settings)) ?? 'custom';
  });

  function applyPreset(name: RulePresetName): void {
    Object.assign(settings, RULE_PRESETS[name]);
    showMaxBet();
  }

  function isSeated(player: RosterPlayer): boolean {
    return seated.value.some((s) => s.id === player.id);
  }

  function toggleSeat(player: RosterPlayer): void {
    const at = seated.value.findIndex((s) => s.id === player.id);
    if (at >= 0) seated.value.splice(at, 1);
    else seated.value.push({ id: player.id, name: player.name });
    seatCursor.value = Math.min(seatCursor.value, Math.max(seated.value.length - 1, 0));
  }

  /** Seats a typed name: a roster player of that name (any case) is reused. */
  function addName(typed: string, roster: readonly RosterPlayer[]): AddNameOutcome {
    const name = typed.trim();
    if (!name) return 'empty';
    const key = name.toLocaleLowerCase();
    if (seated.value.some((s) => s.name.toLocaleLowerCase() === key)) return 'duplicate';
    const known = roster.find((p) => p.name.toLocaleLowerCase() === key);
    seated.value.push(known ? { id: known.id, name: known.name } : { name });
    return 'added';
  }

  /** Moves the seat at `index` one place up (-1) or down (+1); returns its new index. */
  function moveSeat(index: number, delta: -1 | 1): number {
    const target = index + delta;
    const list = seated.value;
    const moving = list[index];
    const other = list[target];
    if (!moving || !other) return index;
    list.splice(index, 1, other);
    list.splice(target, 1, moving);
    return target;
  }

  function removeSeat(index: number): void {
    seated.value.splice(index, 1);
    seatCursor.value = Math.min(index, Math.max(seated.value.length - 1, 0));
  }

  /** "Same as last time": last night's players (still on the roster), chips and rules. */
  function fillFromLast(last: NightSetup, roster: readonly RosterPlayer[]): void {
    const byId = new Map(roster.map((p) => [p.id, p] as const));
    seated.value = last.playerIds.flatMap((id) => {
      const player = byId.get(id);
      return player ? [{ id: player.id, name: player.name }] : [];
    });
    startingChips.value = String(last.startingChips);
    // Stored in minor units (M1); the host reads and types major units: 25 shows as 0.25.
    chipValue.value = minorToDecimal(last.chipValue, last.currency);
    currency.value = last.currency;
    Object.assign(settings, DEFAULT_RULES, last.settings);
    payment.value = last.payment ?? 'credit';
    showMaxBet();
    seatCursor.value = 0;
  }

  /** The startNight arguments, or what is wrong with the form. */
  function startArgs(): { ok: true; args: CommandArgs<'startNight'> } | { ok: false; problem: SetupProblem } {
    if (seated.value.length < 2) return { ok: false, problem: 'need-players' };
    const chips = Number(startingChips.value);
    if (!/^\d+$/.test(startingChips.value) || chips < 1) return { ok: false, problem: 'bad-starting-chips' };
    if (chips > MAX_STARTING_CHIPS) return { ok: false, problem: 'too-many-starting-chips' };
    // Typed in major units ("0.25"), sent in minor units (25), parsed from the text, never through a float (M1).
    const value = parseMoney(chipValue.value, currency.value);
    if (!value.ok) return { ok: false, problem: CHIP_VALUE_PROBLEMS[value.problem] };
    if (value.minor > MAX_CHIP_VALUE) return { ok: false, problem: 'chip-value-too-large' };
    if (!parseMaxBet(maxBetText.value).ok) return { ok: false, problem: 'bad-max-bet' };
    return {
      ok: true,
      args: {
        players: seated.value.map((s) => (s.id ? { id: s.id, name: s.name } : { name: s.name })),
        startingChips: chips,
        chipValue: value.minor,
        currency: currency.value.trim(),
        settings: { ...settings },
        payment: payment.value,
      },
    };
  }

  return {
    bet,
    correction,
    cut,
    buyInAmount,
    panelPlayer,
    clearNightEntries,
    panelPayment,
    payment,
    seated,
    startingChips,
    chipValue,
    currency,
    settings,
    maxBetText,
    setMaxBetText,
    seatPlayerName,
    boxSelected,
    seatBuyIn,
    seatAfter,
    rosterCursor,
    seatCursor,
    preset,
    applyPreset,
    isSeated,
    toggleSeat,
    addName,
    moveSeat,
    removeSeat,
    fillFromLast,
    startArgs,
  };
});

function sameSettings(a: RuleSettings, b: RuleSettings): boolean {
  return (Object.keys(a) as (keyof RuleSettings)[]).every((key) => a[key] === b[key]);
}

/** M2: the other way of paying (C switches cash and credit). */
export function otherPayment(payment: Payment): Payment {
  return payment === 'cash' ? 'credit' : 'cash';
}

/**
 * M2: C switches cash and credit; Alt+C too, so it also works while a name is being typed (the key's code, whatever Alt types on a Mac).
 * @internal exported for tests only
 */
export function isPaymentKey(e: Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'metaKey'>, typing: boolean): boolean {
  if (e.ctrlKey || e.metaKey) return false;
  if (e.altKey) return e.code === 'KeyC' || e.key.toLowerCase() === 'c';
  return !typing && e.key.toLowerCase() === 'c';
}
