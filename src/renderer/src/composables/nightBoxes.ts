import { computed, watch, type ComputedRef } from 'vue';
import type { BetLimits, NightView } from '../../../shared';
import { MAX_CHIPS, PROBLEM_MESSAGES, textProblem, wholeNumber } from '../lib/numberText';
import type { useEntryStore } from '../stores/entry';
import type { useUiStore } from '../stores/ui';

type Translate = (key: string, named?: Record<string, unknown>) => string;

/** The number box the host is typing into now, what it holds and why it is refused (null: fine, or empty). */
export interface NumberBox {
  name: 'bet' | 'correction' | 'cut' | 'buy-in' | 'seat-buy-in';
  text: string;
  set(next: string): void;
  refusal: string | null;
}

interface Deps {
  night: () => NightView | null;
  ui: ReturnType<typeof useUiStore>;
  entry: ReturnType<typeof useEntryStore>;
  t: Translate;
}

/**
 * The night's number boxes (the bet, the cut, a buy-in, a newcomer's
 * buy-in, a bet correction) and their refusals as typed. A refusal is
 * worked out from the text alone, so it shows while the box holds it and
 * clears the moment the box holds a valid value again. Limits come from
 * main's view (`allowed`), never from a rule worked out here.
 */
export function useNightBoxes({ night, ui, entry, t }: Deps): ComputedRef<NumberBox | null> {
  const box = computed<NumberBox | null>(() => {
    const current = night();
    if (!current) return null;
    switch (ui.panel) {
      case 'buy-in':
        return made('buy-in', entry.buyInAmount, (v) => (entry.buyInAmount = v), chipsRefusal(entry.buyInAmount, t('buyIn.amount')));
      case 'seat':
        return made('seat-buy-in', entry.seatBuyIn, (v) => (entry.seatBuyIn = v), newcomerRefusal(entry.seatBuyIn, current));
      case 'fix-turn':
        if (!current.allowed.correction) return null;
        return made(
          'correction',
          entry.correction.digits,
          (v) => (entry.correction.digits = v),
          betRefusal(entry.correction.digits, current.allowed.correction),
        );
      case null:
        if (current.phase === 'bet' && current.allowed.bet) {
          return made('bet', entry.bet.digits, (v) => (entry.bet.digits = v), betRefusal(entry.bet.digits, current.allowed.bet, current));
        }
        if (current.phase === 'cut') return made('cut', entry.cut, (v) => (entry.cut = v), cutRefusal(entry.cut, current));
        return null;
      default:
        return null;
    }
  });

  function made(name: NumberBox['name'], text: string, set: (next: string) => void, refusal: string | null): NumberBox {
    return { name, text, set, refusal };
  }

  /**
   * What is wrong with a text that is no whole number. A minus sign is refused naming the least this box
   * takes (`least`), so the message never says "0 or more" of a bet whose least is 1 (R17); a bet's box says "a bet".
   */
  function problemOf(text: string, least: number, bet = false): string | null {
    const problem = textProblem(text);
    if (problem === 'negative') return t(bet ? 'errors.negativeBet' : 'errors.negative', { min: least });
    // A decimal is named as typed ("1.5 is not a number of chips"), so the host sees which number was refused.
    return problem ? t(PROBLEM_MESSAGES[problem], { text }) : null;
  }

  function chipsRefusal(text: string, field: string): string | null {
    const value = wholeNumber(text);
    if (value === null) return problemOf(text, 1);
    if (value < 1) return t('lobby.badNumber', { field });
    if (value > MAX_CHIPS) return t('errors.tooManyChips', { field, max: MAX_CHIPS.toLocaleString('en') });
    return null;
  }

  /** R31: a newcomer buys in at least the least main sent (more than the ante; the message names the ante, shown on every screen). */
  function newcomerRefusal(text: string, current: NightView): string | null {
    const value = wholeNumber(text);
    if (value === null) return problemOf(text, current.allowed.newcomerMinBuyIn);
    if (value < current.allowed.newcomerMinBuyIn) return t('errors.starting-chips-too-few', { ante: current.settings.ante });
    return chipsRefusal(text, t('seatPanel.buyIn'));
  }

  /**
   * R17, R27 (R21 for a correction): the limits main sent for this bet. Over the most, the bet being asked (`current`)
   * says what sets it, as main's refusal would: the house's cap, the player's stack when it is under the pot, or the pot.
   */
  function betRefusal(text: string, limits: BetLimits, current?: NightView): string | null {
    const value = wholeNumber(text);
    if (value === null) return problemOf(text, limits.min, true);
    const named = { min: limits.min, max: limits.max };
    if (value < limits.min) return t('errors.bet-too-small', named);
    if (value <= limits.max) return null;
    if (limits.cap) return t('errors.bet-above-limit', named);
    if (current) {
      const player = current.players.find((p) => p.id === current.toActId);
      if (player && player.stack === limits.max && player.stack < current.pot)
        return t('errors.bet-above-stack', { ...named, player: player.name, stack: player.stack });
      if (current.pot === limits.max) return t('errors.bet-above-pot', { ...named, pot: current.pot });
    }
    return t('errors.betAbove', named);
  }

  /** R11: the cuts main takes for this deck. */
  function cutRefusal(text: string, current: NightView): string | null {
    const value = wholeNumber(text);
    const range = current.allowed.cut;
    if (value === null) return problemOf(text, range?.min ?? 0);
    return range && (value < range.min || value > range.max) ? t('errors.bad-cut', { max: range.max }) : null;
  }

  // The refusal is the box's own: shown while it holds it, gone once it is fixed. An edit (a paste too, or
  // the newcomer's name) replaces whatever was said before, so no stale message stays beside a valid value.
  watch(
    () => ({
      name: box.value?.name ?? null,
      text: box.value?.text ?? '',
      newcomer: entry.seatPlayerName,
      refusal: box.value?.refusal ?? null,
    }),
    (now, before) => {
      // A box opened or closed: its panel or phase has already cleared what was shown.
      if (now.name !== before.name) return;
      if (now.text !== before.text || now.newcomer !== before.newcomer || now.refusal !== before.refusal) ui.showError(now.refusal);
    },
  );

  return box;
}
