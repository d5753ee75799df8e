import { computed, watch } from 'vue';
import { useRouter } from 'vue-router';
import type { BetAmount, NightView } from '../../../shared';
import { appendDigit, isPaymentKey, otherPayment, useEntryStore, type BetEntry } from '../stores/entry';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { useCommand } from './useCommand';
import { createHouseKeys } from './houseKeys';
import { CONSOLE_KEYS, useScreenKeys } from './useScreenKeys';
import { useSettlement } from './useSettlement';
import { useWords } from './useWords';

/**
 * The host console's keyboard during a night: one handler on the window, so
 * every key lands where it belongs whatever has the focus. The phase decides
 * what Enter does; a confirmation, the key list or a panel takes the keys
 * first while it is open.
 */
export function useNightKeys(): void {
  const view = useViewStore();
  const ui = useUiStore();
  const entry = useEntryStore();
  const words = useWords();
  const { send } = useCommand();
  const router = useRouter();
  const settlement = useSettlement(
    computed(() => view.night?.settlement ?? null),
    computed(() => view.night?.currency ?? ''),
    computed(() => view.night?.id ?? null),
  );

  const stateId = () => view.night?.stateId ?? 0;
  const house = createHouseKeys({
    ui,
    entry,
    t: (key, named, plural) => (plural === undefined ? words.t(key, named ?? {}) : words.t(key, named ?? {}, plural)),
    send,
    rosterIdOf: (name) => view.view?.roster.find((p) => !p.archived && p.name.toLocaleLowerCase() === name.toLocaleLowerCase())?.id,
    paidMarksToClear: () => view.view?.reopenWarning?.paidTransfers ?? 0,
  });

  // A new step of the game starts with empty inputs and no stale error.
  watch(
    () => view.night?.phase,
    () => {
      entry.clearNightEntries();
      if (!ui.panel) ui.showError(null);
    },
  );

  // A panel opened or closed: what was typed into its number is gone, and so are its refused letters.
  watch(
    () => ui.panel,
    () => (entry.lettersTyped = false),
  );

  useScreenKeys((e) => {
    const night = view.night;
    return night !== null && handle(e, night);
  });

  /** Returns true when the key was used. The question and the key list have had it first (useScreenKeys). */
  function handle(e: KeyboardEvent, night: NightView): boolean {
    if (e.key === '?') {
      ui.helpOpen = true;
      return true;
    }
    if (ui.panel) return house.panelKey(e, night) || (e.key === 'Escape' && closePanel()) || panelKey(e, night);
    if (night.phase !== 'ended' && tableKey(e, night)) return true;
    return phaseKey(e, night);
  }

  /** Keys that work in every phase of an open night. */
  function tableKey(e: KeyboardEvent, night: NightView): boolean {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      undo(night);
      return true;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    // While a number is being typed, letters are typing, never commands ("ten" must not end the night).
    if (numberBeingTyped(night)) return false;
    switch (e.key.toLowerCase()) {
      case 'b':
        entry.panelPlayer = defaultBuyInPlayer(night);
        entry.buyInAmount = '';
        entry.panelPayment = night.payment ?? 'credit';
        ui.openPanel('buy-in');
        return true;
      case 'c':
        entry.panelPlayer = Math.max(0, night.players.findIndex((p) => p.status !== 'left'));
        entry.panelPayment = night.payment ?? 'credit';
        ui.openPanel('cash-out');
        return true;
      case 'd':
        // M3: the running tab, its own screen; Esc there comes back to the night.
        void router.push({ name: 'tab' });
        return true;
      case 'j':
      case 't':
      case 's':
        return house.tableKey(e, night);
      case 'f':
        // M4: the night's shared expenses, whatever the phase.
        ui.openPanel('expenses');
        return true;
      case 'e':
        // Main refuses to end the night mid-turn: say so now rather than ask a question whose yes is refused.
        if (turnInProgress(night)) ui.showError(words.t('errors.endMidTurn'));
        else ui.ask(words.t('end.confirm'), () => send('endNight', { stateId: stateId() }).then(() => undefined));
        return true;
      default:
        return false;
    }
  }

  function phaseKey(e: KeyboardEvent, night: NightView): boolean {
    const enter = e.key === 'Enter' && !e.repeat;
    switch (night.phase) {
      case 'draw':
        if (enter) void send('drawForDealer', { stateId: stateId() });
        return enter;
      case 'ready':
        if (enter) void send('deal', { stateId: stateId() });
        return enter;
      case 'cut':
        if (enter) {
          void send('cut', { stateId: stateId(), cut: Number(entry.cut || '0') });
          return true;
        }
        return editDigits(e, entry.cut, (next) => (entry.cut = next));
      case 'ace-call': {
        const key = e.key.toLowerCase();
        if (key === 'l' || key === 'h') {
          void send('callAce', { stateId: stateId(), call: key === 'l' ? 'low' : 'high' });
          return true;
        }
        return false;
      }
      case 'pair-call':
        return house.pairCallKey(e, night);
      case 'bet':
        if (house.betKey(e, night)) return true;
        if (enter) {
          const amount = betAmount(entry.bet);
          if (amount === null) ui.showError(words.t('errors.noBet'));
          else void send('bet', { stateId: stateId(), amount });
          return true;
        }
        return editBet(e, entry.bet);
      case 'ended':
        if (enter) {
          const closing = stateId();
          void send('closeNight', { stateId: closing }).then((ok) => ok && (ui.lastClosedStateId = closing));
        }
        return enter || endedKey(e, night);
      default:
        return false;
    }
  }

  /** After the night: S switches how to settle up, Y copies it, H opens the night in the history. */
  function endedKey(e: KeyboardEvent, night: NightView): boolean {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    switch (e.key.toLowerCase()) {
      case 's':
        void settlement.switchMode();
        return true;
      case 'y':
        void settlement.copy();
        return true;
      case 'h':
        void router.push({ name: 'history-night', params: { id: night.id } });
        return true;
      case 'o':
        house.askReopen(night.stateId);
        return true;
      case 'd':
        void router.push({ name: 'tab' });
        return true;
      case 'f':
        // M4: expenses still come in after the last turn (who paid for the pizza).
        ui.openPanel('expenses');
        return true;
      default:
        return false;
    }
  }

  function closePanel(): boolean {
    ui.closePanel();
    return true;
  }

  function panelKey(e: KeyboardEvent, night: NightView): boolean {
    const enter = e.key === 'Enter' && !e.repeat;
    const target = night.players[entry.panelPlayer];
    // M2: C switches how the buy-in or cash-out is paid.
    if ((ui.panel === 'buy-in' || ui.panel === 'cash-out') && isPaymentKey(e, false)) {
      entry.panelPayment = otherPayment(entry.panelPayment);
      return true;
    }
    switch (ui.panel) {
      case 'buy-in':
        if (movePanelPlayer(e, night)) return true;
        if (enter) {
          const amount = Number(entry.buyInAmount);
          if (!target) return true;
          if (!entry.buyInAmount || amount < 1) {
            ui.showError(words.t('lobby.badNumber', { field: words.t('buyIn.amount') }));
            return true;
          }
          void send('buyIn', { stateId: stateId(), playerId: target.id, amount, paid: entry.panelPayment }).then((ok) => ok && ui.closePanel());
          return true;
        }
        return editDigits(e, entry.buyInAmount, (next) => (entry.buyInAmount = next));
      case 'cash-out':
        if (movePanelPlayer(e, night)) return true;
        if (enter && target) {
          // Refusals main would give, said before any question (issue 9 §5).
          if (target.status === 'left') {
            ui.showError(words.t('errors.alreadyLeft', { name: target.name }));
            return true;
          }
          if (turnInProgress(night) && target.id === night.toActId) {
            ui.showError(words.t('errors.playerBusy', { name: target.name }));
            return true;
          }
          const paid = entry.panelPayment;
          ui.ask(words.t('cashOut.confirm', { name: target.name, chips: words.chips(target.stack), paid: words.t(`payment.cash-out.${paid}`) }), () =>
            send('cashOut', { stateId: stateId(), playerId: target.id, paid }).then((ok) => void (ok && ui.closePanel())),
          );
        }
        return enter;
      case 'fix-turn':
        return fixTurnKey(e, night);
      default:
        return false;
    }
  }

  /** The bet or the cut has digits (or refused letters) in it: a letter then belongs to the number. */
  function numberBeingTyped(night: NightView): boolean {
    if (entry.lettersTyped) return true;
    if (night.phase === 'bet') return entry.bet.digits !== '' || entry.bet.pot;
    if (night.phase === 'cut') return entry.cut !== '';
    return false;
  }

  function fixTurnKey(e: KeyboardEvent, night: NightView): boolean {
    const turn = night.turn;
    const last = night.lastAction;
    if (!turn || !last) return false;
    const name = view.nameOf(turn.playerId);
    if (last.canVoid && e.key.toLowerCase() === 'v' && !e.ctrlKey && !e.altKey) {
      ui.ask(words.t('fixTurn.confirmVoid', { n: turn.n, name }), () =>
        send('voidTurn', { stateId: stateId() }).then((ok) => void (ok && ui.closePanel())),
      );
      return true;
    }
    if (!last.canCorrectBet) return false;
    if (e.key === 'Enter' && !e.repeat) {
      const amount = betAmount(entry.correction);
      if (amount === null) {
        ui.showError(words.t('errors.noBet'));
        return true;
      }
      // R17 (R21: within its limits): checked before asking, so the question is never one main refuses.
      const refusal = correctionRefusal(amount, turn);
      if (refusal) {
        ui.showError(refusal);
        return true;
      }
      const to = amount === 'pot' ? words.t('prompt.potBet') : String(amount);
      ui.ask(words.t('fixTurn.confirmCorrect', { n: turn.n, from: turn.bet ?? '-', to }), () =>
        send('correctBet', { stateId: stateId(), amount }).then((ok) => void (ok && ui.closePanel())),
      );
      return true;
    }
    return editBet(e, entry.correction);
  }

  function undo(night: NightView): void {
    const last = night.lastAction;
    if (last?.kind === 'turn' && (last.canCorrectBet || last.canVoid)) {
      Object.assign(entry.correction, { digits: '', pot: false });
      ui.openPanel('fix-turn');
    } else if (last?.canUndo || last?.kind === 'seating') {
      // A seating change the table has moved on from is refused by main with its reason (R21).
      void send('undo', { stateId: stateId() });
    } else {
      ui.showError(words.t('undo.nothing'));
    }
  }

  function movePanelPlayer(e: KeyboardEvent, night: NightView): boolean {
    const delta = e.key === 'ArrowUp' ? -1 : e.key === 'ArrowDown' ? 1 : 0;
    if (delta === 0 || night.players.length === 0) return false;
    const count = night.players.length;
    entry.panelPlayer = (entry.panelPlayer + delta + count) % count;
    ui.showError(null);
    return true;
  }

  /** The refusal main would give a corrected bet, worded, or null when it is within R17's limits. */
  function correctionRefusal(amount: BetAmount, turn: NonNullable<NightView['turn']>): string | null {
    if (amount === 'pot') return null;
    const max = Math.min(turn.potBefore, turn.stackBefore);
    if (amount < 1) return words.t('errors.bet-too-small', { min: 1, max });
    if (amount > turn.potBefore) return words.t('errors.bet-above-pot', { pot: turn.potBefore, min: 1, max });
    if (amount > turn.stackBefore) {
      return words.t('errors.bet-above-stack', { player: view.nameOf(turn.playerId), stack: turn.stackBefore, min: 1, max });
    }
    return null;
  }

  /**
   * Digits, Backspace and Esc on a number being typed. A minus sign or a
   * letter is refused with a message (never dropped, never a command).
   */
  function editDigits(e: KeyboardEvent, current: string, set: (next: string) => void): boolean {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    let next: string;
    if (/^[0-9]$/.test(e.key)) next = appendDigit(current, e.key);
    else if (e.key === 'Backspace') next = current.slice(0, -1);
    else if (e.key === 'Escape') next = '';
    else return refuseCharacter(e, current);
    if (next === '') entry.lettersTyped = false;
    set(next);
    ui.showError(null);
    return true;
  }

  /** A character that is not a digit, typed into a number: refused with a message, nothing changes. */
  function refuseCharacter(e: KeyboardEvent, current: string): boolean {
    if (e.key === '-' || e.key === '−') {
      ui.showError(words.t('errors.negative'));
      return true;
    }
    if (e.key.length !== 1 || !/\p{L}/u.test(e.key)) return false;
    // A console key (M, G, R) on an empty box is the console's; any other letter is a mistyped number.
    if (current === '' && !entry.lettersTyped && CONSOLE_KEYS.includes(e.key.toLowerCase())) return false;
    entry.lettersTyped = true;
    ui.showError(words.t('errors.digitsOnly'));
    return true;
  }

  /** A bet being typed: digits, P for the largest bet allowed (the pot, R17, or a house limit, R27), Backspace, Esc. */
  function editBet(e: KeyboardEvent, bet: BetEntry): boolean {
    if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key.toLowerCase() === 'p') {
      Object.assign(bet, { digits: '', pot: true });
      ui.showError(null);
      return true;
    }
    if (bet.pot && (e.key === 'Backspace' || /^[0-9]$/.test(e.key))) bet.pot = false;
    return editDigits(e, bet.digits, (next) => (bet.digits = next));
  }

}

/** The turn is under way (cards up, the bet or the ace's call awaited): the night cannot end now. */
export function turnInProgress(night: NightView): boolean {
  return night.phase === 'bet' || night.phase === 'ace-call' || night.phase === 'pair-call';
}

export function betAmount(bet: BetEntry): BetAmount | null {
  if (bet.pot) return 'pot';
  return bet.digits ? Number(bet.digits) : null;
}

/** The player who most likely needs chips: the first one sitting out, else the one to act. */
function defaultBuyInPlayer(night: NightView): number {
  const out = night.players.findIndex((p) => p.status === 'sitting-out');
  if (out >= 0) return out;
  return Math.max(0, night.players.findIndex((p) => p.isToAct));
}
