import { computed, watch } from 'vue';
import { useRouter } from 'vue-router';
import type { BetAmount, CommandError, NightView } from '../../../shared';
import { typedText, wholeNumber } from '../lib/numberText';
import { isPaymentKey, otherPayment, useEntryStore, type BetEntry } from '../stores/entry';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { useCommand } from './useCommand';
import { createHouseKeys } from './houseKeys';
import { useNightBoxes, type NumberBox } from './nightBoxes';
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
    numberRefusal: () => boxes.value?.refusal ?? null,
    refusalWords: (refusal) => words.error(refusal),
  });
  const boxes = useNightBoxes({ night: () => view.night, ui, entry, t: (key, named) => words.t(key, named ?? {}) });

  // A new step of the game starts with empty inputs and no stale error.
  watch(
    () => view.night?.phase,
    () => {
      entry.clearNightEntries();
      if (!ui.panel) ui.showError(null);
    },
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

  /**
   * Keys that work in every phase of an open night. While a number box waits
   * for a number (the bet, the cut), a letter is typing, refused by the box,
   * never a command ("five" is not F): Alt with the letter reaches it there.
   */
  function tableKey(e: KeyboardEvent, night: NightView): boolean {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      undo(night);
      return true;
    }
    if (e.ctrlKey || e.metaKey) return false;
    if (boxes.value !== null && !e.altKey) return false;
    // Alt+letter by the key's place (what Alt types differs from one keyboard to another).
    const letter = e.altKey ? (/^Key[A-Z]$/.test(e.code) ? e.code.slice(3).toLowerCase() : e.key.toLowerCase()) : e.key.toLowerCase();
    switch (letter) {
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
        return house.tableKey({ key: letter, code: e.code, ctrlKey: false, metaKey: false, altKey: false, repeat: e.repeat } as KeyboardEvent, night);
      case 'f':
        // M4: the night's shared expenses, whatever the phase.
        ui.openPanel('expenses');
        return true;
      case 'e': {
        // Main says whether the night can end now (a turn in progress, a deck cut mid-turn): never ask a question whose yes it refuses.
        const refusal = night.allowed.endRefusal;
        if (refusal) ui.showError(refusal.code === 'wrong-phase' ? words.t('errors.endMidTurn') : words.error(refusal));
        else ui.ask(words.t('end.confirm'), () => send('endNight', { stateId: stateId() }).then(() => undefined));
        return true;
      }
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
          // R11: Enter alone cuts at 0; a refused cut ("-3", "abc") sends nothing.
          if (!refusedNow()) void send('cut', { stateId: stateId(), cut: wholeNumber(entry.cut) ?? 0 });
          return true;
        }
        return editBox(e);
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
          if (refusedNow()) return true;
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
    // M2: C switches how the buy-in or cash-out is paid (Alt+C once chips are typed: then C is typing, refused).
    if ((ui.panel === 'buy-in' || ui.panel === 'cash-out') && isPaymentKey(e, ui.panel === 'buy-in' && entry.buyInAmount !== '')) {
      entry.panelPayment = otherPayment(entry.panelPayment);
      return true;
    }
    switch (ui.panel) {
      case 'buy-in':
        if (movePanelPlayer(e, night)) return true;
        if (enter) {
          const amount = wholeNumber(entry.buyInAmount);
          if (!target || refusedNow()) return true;
          if (amount === null) {
            ui.showError(words.t('lobby.badNumber', { field: words.t('buyIn.amount') }));
            return true;
          }
          void send('buyIn', { stateId: stateId(), playerId: target.id, amount, paid: entry.panelPayment }).then((ok) => ok && ui.closePanel());
          return true;
        }
        return editBox(e);
      case 'cash-out':
        if (movePanelPlayer(e, night)) return true;
        if (enter && target) {
          // Main's refusal, said before any question: the view says whether this player can cash out now.
          const refusal = night.allowed.players[target.id]?.cashOut ?? null;
          if (refusal) {
            ui.showError(cashOutWords(refusal, target.name));
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

  function fixTurnKey(e: KeyboardEvent, night: NightView): boolean {
    const turn = night.turn;
    if (!turn) return false;
    const name = view.nameOf(turn.playerId);
    const allowed = night.allowed.commands;
    // V voids; once a correction is being typed, V is typing (refused), and Alt+V still voids.
    const typing = entry.correction.digits !== '' || entry.correction.pot;
    const v = e.key.toLowerCase() === 'v' || (e.altKey && e.code === 'KeyV');
    if (allowed.includes('voidTurn') && v && !e.ctrlKey && !e.metaKey && (!typing || e.altKey)) {
      ui.ask(words.t('fixTurn.confirmVoid', { n: turn.n, name }), () =>
        send('voidTurn', { stateId: stateId() }).then((ok) => void (ok && ui.closePanel())),
      );
      return true;
    }
    if (!allowed.includes('correctBet')) return false;
    if (e.key === 'Enter' && !e.repeat) {
      // R21 with R17, R27: the correction's limits came with the view and were checked as it was typed.
      if (refusedNow()) return true;
      const amount = betAmount(entry.correction);
      if (amount === null) {
        ui.showError(words.t('errors.noBet'));
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
    const allowed = night.allowed.commands;
    if (allowed.includes('correctBet') || allowed.includes('voidTurn')) {
      Object.assign(entry.correction, { digits: '', pot: false });
      ui.openPanel('fix-turn');
    } else if (allowed.includes('undo') || last?.kind === 'seating') {
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

  /** A refused cash-out in the console's words (main's own refusal, with the player's name). */
  function cashOutWords(refusal: CommandError, name: string): string {
    if (refusal.code === 'already-left') return words.t('errors.alreadyLeft', { name });
    if (refusal.code === 'player-busy') return words.t('errors.playerBusy', { name });
    return words.error(refusal);
  }

  /** The open number box refuses what it holds: Enter sends nothing and the reason stays in view. */
  function refusedNow(): boolean {
    const refusal = boxes.value?.refusal ?? null;
    if (refusal) ui.showError(refusal);
    return refusal !== null;
  }

  /**
   * A key typed into the open number box: every character goes in and the
   * box refuses what cannot be a number, with a message (never dropped,
   * never a command). On an empty box, M, G, R and W stay the console's.
   */
  function editBox(e: KeyboardEvent): boolean {
    const box: NumberBox | null = boxes.value;
    if (!box || e.ctrlKey || e.metaKey || e.altKey) return false;
    if (box.text === '' && (CONSOLE_KEYS.includes(e.key.toLowerCase()) || e.key === 'Escape' || e.key === 'Backspace')) return false;
    const next = typedText(box.text, e.key);
    if (next === null) return false;
    box.set(next);
    ui.showError(boxes.value?.refusal ?? null);
    return true;
  }

  /** A bet being typed: digits, P for the largest bet allowed (the pot, R17, or a house limit, R27), Backspace, Esc. */
  function editBet(e: KeyboardEvent, bet: BetEntry): boolean {
    if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key.toLowerCase() === 'p' && bet.digits === '') {
      Object.assign(bet, { digits: '', pot: true });
      ui.showError(null);
      return true;
    }
    if (bet.pot && (e.key === 'Backspace' || e.key === 'Escape' || e.key.length === 1) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      bet.pot = false;
      if (e.key === 'Backspace' || e.key === 'Escape') return true;
    }
    return editBox(e);
  }
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
