import { computed, watch } from 'vue';
import { useRouter } from 'vue-router';
import type { BetAmount, CommandError, NightView } from '../../../shared';
import { typedText, wholeNumber } from '../lib/numberText';
import { otherPayment, useEntryStore, type BetEntry } from '../stores/entry';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { useCommand } from './useCommand';
import { createHouseKeys } from './houseKeys';
import { useNightBoxes, type NumberBox } from './nightBoxes';
import { CONSOLE_KEYS, useScreenKeys } from './useScreenKeys';
import { isModifierKey } from './useKeys';
import { dispatchKey, noFacts } from '../keymap/dispatch';
import { CHIP_PANEL_KEYS, ENDED_KEYS, NIGHT_KEYS, type ChipPanelAction, type EndedAction, type NightAction } from '../keymap/keymap';
import type { KeyFacts } from '../keymap/types';
import { useSettlement } from './useSettlement';
import { useWords } from './useWords';

/** Keys that empty a number box whose text is selected. */
const SELECTION_CLEARED_BY = ['Backspace', 'Delete', 'Escape'];

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

  // A panel opened or closed: the box it shows is another, with nothing selected in it.
  watch(
    () => ui.panel,
    () => (entry.boxSelected = false),
  );

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
    if (ui.panel) return house.panelKey(e, night) || panelKey(e, night);
    const ended = night.phase === 'ended';
    const used = ended
      ? dispatchKey(ENDED_KEYS, e, factsOf(night), endedActions(night))
      : dispatchKey(NIGHT_KEYS, e, factsOf(night), nightActions(night));
    if (used) return true;
    // Anything else goes into the waiting number box, which refuses what cannot be a number.
    if (night.phase === 'cut') return editBox(e);
    if (night.phase === 'bet') return editBet(e, entry.bet);
    return false;
  }

  /** What the keymap's conditions ask about the night, now. */
  function factsOf(night: NightView): KeyFacts {
    const emptyBet = entry.bet.digits === '';
    return {
      ...noFacts(),
      phase: night.phase,
      boxWaiting: boxes.value !== null,
      betAsked: night.phase === 'bet',
      canPass: night.allowed.commands.includes('pass') && emptyBet && !entry.bet.pot,
      betEmpty: emptyBet,
    };
  }

  /** What each of the night's keys does (keymap.ts NIGHT_KEYS says which key, and when). */
  function nightActions(night: NightView): Record<NightAction, (e: KeyboardEvent) => boolean | void> {
    const plainKey = (key: string, e: KeyboardEvent) =>
      ({ key, code: e.code, ctrlKey: false, metaKey: false, altKey: false, repeat: e.repeat }) as KeyboardEvent;
    return {
      drawForDealer: (e) => !e.repeat && void send('drawForDealer', { stateId: stateId() }),
      deal: (e) => !e.repeat && void send('deal', { stateId: stateId() }),
      // R11: Enter alone cuts at 0; a refused cut ("-3", "abc") sends nothing.
      cut: (e) => {
        if (e.repeat) return editBox(e);
        if (!refusedNow()) void send('cut', { stateId: stateId(), cut: wholeNumber(entry.cut) ?? 0 });
      },
      callAce: (e) => void send('callAce', { stateId: stateId(), call: e.key.toLowerCase() === 'l' ? 'low' : 'high' }),
      callPair: (e) => house.pairCallKey(e, night),
      bet: (e) => {
        if (e.repeat) return editBet(e, entry.bet);
        if (refusedNow()) return;
        const amount = betAmount(entry.bet);
        if (amount === null) ui.showError(words.t('errors.noBet'));
        else void send('bet', { stateId: stateId(), amount });
      },
      // The largest bet allowed: the pot (R17), or a house limit (R27).
      largestBet: () => {
        Object.assign(entry.bet, { digits: '', pot: true });
        ui.showError(null);
      },
      pass: (e) => house.betKey(plainKey('x', e), night),
      buyIn: () => {
        entry.panelPlayer = defaultBuyInPlayer(night);
        entry.buyInAmount = '';
        entry.boxSelected = false;
        entry.panelPayment = night.payment ?? 'credit';
        ui.openPanel('buy-in');
      },
      cashOut: () => {
        entry.panelPlayer = Math.max(
          0,
          night.players.findIndex((p) => p.status !== 'left'),
        );
        entry.panelPayment = night.payment ?? 'credit';
        ui.openPanel('cash-out');
      },
      seatNewcomer: (e) => house.tableKey(plainKey('j', e), night),
      movePlayer: (e) => house.tableKey(plainKey('t', e), night),
      sitOut: (e) => house.tableKey(plainKey('s', e), night),
      // M4: the night's shared expenses, whatever the phase.
      expenses: () => ui.openPanel('expenses'),
      undo: () => void undoOnAnsweredView(),
      endNight: () => {
        // Main says whether the night can end now (a turn in progress, a deck cut mid-turn): never ask a question whose yes it refuses.
        const refusal = night.allowed.endRefusal;
        if (refusal) ui.showError(refusal.code === 'wrong-phase' ? words.t('errors.endMidTurn') : words.error(refusal));
        else ui.ask(words.t('end.confirm'), () => send('endNight', { stateId: stateId() }).then(() => undefined));
      },
      // M3: the running tab, its own screen; Esc there comes back to the night.
      runningTab: () => void router.push({ name: 'tab' }),
      // R35: the group screen (who holds this night live, Alt+H to hand it over); Esc twice comes back to the night.
      groupScreen: () => void router.push({ name: 'history-group' }),
    };
  }

  /** After the night (keymap.ts ENDED_KEYS): Enter closes it, S switches how to settle up, Y copies it, H opens it in the history. */
  function endedActions(night: NightView): Record<EndedAction, (e: KeyboardEvent) => boolean | void> {
    return {
      closeNight: (e) => {
        if (e.repeat) return false;
        const closing = stateId();
        void send('closeNight', { stateId: closing }).then((ok) => ok && (ui.lastClosedStateId = closing));
      },
      settleMode: () => void settlement.switchMode(),
      copySettlement: () => void settlement.copy(),
      nightInHistory: () => void router.push({ name: 'history-night', params: { id: night.id } }),
      expenses: () => ui.openPanel('expenses'),
      reopen: () => house.askReopen(night.stateId),
      runningTab: () => void router.push({ name: 'tab' }),
    };
  }

  /** The keys of the buy-in, cash-out and fix-turn panels, and Esc for any panel (keymap.ts CHIP_PANEL_KEYS); then the panel's number box. */
  function panelKey(e: KeyboardEvent, night: NightView): boolean {
    const turn = night.turn;
    const allowed = night.allowed.commands;
    const facts: KeyFacts = {
      ...noFacts(),
      panel: ui.panel,
      paymentTyping: ui.panel === 'buy-in' && entry.buyInAmount !== '',
      canVoid: turn !== null && allowed.includes('voidTurn'),
      canCorrect: turn !== null && allowed.includes('correctBet'),
      correctionTyping: entry.correction.digits !== '' || entry.correction.pot,
    };
    if (dispatchKey(CHIP_PANEL_KEYS, e, facts, chipPanelActions(night))) return true;
    // Anything else goes into the panel's number box, which refuses what cannot be a number.
    if (ui.panel === 'buy-in') return editBox(e);
    if (ui.panel === 'fix-turn' && facts.canCorrect) return editBet(e, entry.correction);
    return false;
  }

  function chipPanelActions(night: NightView): Record<ChipPanelAction, (e: KeyboardEvent) => boolean | void> {
    const target = night.players[entry.panelPlayer];
    return {
      choosePlayer: (e) => movePanelPlayer(e, night),
      selectAmount: () => void (entry.boxSelected = entry.buyInAmount !== ''),
      switchPayment: () => void (entry.panelPayment = otherPayment(entry.panelPayment)),
      buyIn: (e) => {
        if (e.repeat) return editBox(e);
        const amount = wholeNumber(entry.buyInAmount);
        if (!target || refusedNow()) return;
        if (amount === null) {
          ui.showError(words.t('lobby.badNumber', { field: words.t('buyIn.amount') }));
          return;
        }
        void send('buyIn', { stateId: stateId(), playerId: target.id, amount, paid: entry.panelPayment }).then(
          (ok) => ok && ui.closePanel(),
        );
      },
      cashOut: (e) => {
        if (e.repeat) return false;
        if (!target) return;
        // Main's refusal, said before any question: the view says whether this player can cash out now.
        const refusal = night.allowed.players[target.id]?.cashOut ?? null;
        if (refusal) {
          ui.showError(cashOutWords(refusal, target.name));
          return;
        }
        const paid = entry.panelPayment;
        ui.ask(
          words.t('cashOut.confirm', { name: target.name, chips: words.chips(target.stack), paid: words.t(`payment.cash-out.${paid}`) }),
          () => send('cashOut', { stateId: stateId(), playerId: target.id, paid }).then((ok) => void (ok && ui.closePanel())),
        );
      },
      // R21 with R17, R27: the correction's limits came with the view and were checked as it was typed.
      correctBet: (e) => {
        const turn = night.turn;
        if (e.repeat || !turn) return editBet(e, entry.correction);
        if (refusedNow()) return;
        const amount = betAmount(entry.correction);
        if (amount === null) {
          ui.showError(words.t('errors.noBet'));
          return;
        }
        const to = amount === 'pot' ? words.t('prompt.potBet') : String(amount);
        ui.ask(words.t('fixTurn.confirmCorrect', { n: turn.n, from: turn.bet ?? '-', to }), () =>
          send('correctBet', { stateId: stateId(), amount }).then((ok) => void (ok && ui.closePanel())),
        );
      },
      voidTurn: () => {
        const turn = night.turn;
        if (!turn) return false;
        ui.ask(words.t('fixTurn.confirmVoid', { n: turn.n, name: view.nameOf(turn.playerId) }), () =>
          send('voidTurn', { stateId: stateId() }).then((ok) => void (ok && ui.closePanel())),
        );
      },
      closePanel: () => ui.closePanel(),
    };
  }

  /**
   * Ctrl+Z is decided on the view of the command on its way, as a key that sends waits for its answer (useCommand.ts):
   * pressed at once after Enter dealt new cards, it would otherwise open the fix-turn panel for the turn just finished,
   * and that panel would then stand over the new cards, saying they can no longer be fixed.
   */
  async function undoOnAnsweredView(): Promise<void> {
    if (view.busy) await view.whenAnswered();
    if (view.night) undo(view.night);
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
    // The list stops at its ends: passing the top never lands on the last player, whose buy-in it is not.
    entry.panelPlayer = Math.min(Math.max(entry.panelPlayer + delta, 0), night.players.length - 1);
    entry.boxSelected = false;
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
   * Ctrl+A selects what the box holds, as it shows: the next character
   * typed replaces it, and Backspace, Delete or Esc empty it.
   */
  function editBox(e: KeyboardEvent): boolean {
    const box: NumberBox | null = boxes.value;
    if (!box || isModifierKey(e.key)) return false;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'a') {
      entry.boxSelected = box.text !== '';
      return entry.boxSelected;
    }
    if (entry.boxSelected) {
      entry.boxSelected = false;
      if (!e.ctrlKey && !e.metaKey && !e.altKey && (SELECTION_CLEARED_BY.includes(e.key) || typedText('', e.key) !== null)) {
        box.set('');
        ui.showError(null);
        if (SELECTION_CLEARED_BY.includes(e.key)) return true;
        return editBox(e);
      }
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
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

function betAmount(bet: BetEntry): BetAmount | null {
  if (bet.pot) return 'pot';
  return bet.digits ? Number(bet.digits) : null;
}

/** The player who most likely needs chips: the first one sitting out, else the one to act. */
/** B opens on the first player still here with no chips (who most likely needs them), else the player to act (R6). */
function defaultBuyInPlayer(night: NightView): number {
  const broke = night.players.findIndex((p) => p.status !== 'left' && p.stack === 0);
  if (broke >= 0) return broke;
  return Math.max(
    0,
    night.players.findIndex((p) => p.isToAct),
  );
}
