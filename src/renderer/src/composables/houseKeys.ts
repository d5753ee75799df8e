import type { CommandArgs, CommandError, CommandName, NightView, PlayerView } from '../../../shared';
import { NAME_MAX, nameLength } from '../../../shared/choices';
import { wholeNumber } from '../lib/numberText';
import { dispatchKey, noFacts } from '../keymap/dispatch';
import { HOUSE_PANEL_KEYS, type HousePanelAction } from '../keymap/keymap';
import { otherPayment, type useEntryStore } from '../stores/entry';
import type { useUiStore } from '../stores/ui';

/**
 * The console's keys for the house rules and the seating (R26, R29, R31-R33),
 * apart from useNightKeys so they can be tested without a window or a router:
 * X passes, H/L call a pair, J seats a newcomer, T changes seats, S sits a
 * player out or brings them back, O reopens the night.
 */
export interface HouseKeyDeps {
  ui: ReturnType<typeof useUiStore>;
  entry: ReturnType<typeof useEntryStore>;
  t: (key: string, named?: Record<string, unknown>, plural?: number) => string;
  send: <K extends CommandName>(command: K, args: CommandArgs<K>) => Promise<boolean>;
  /** The roster, so a newcomer typed by a known name keeps their history. */
  rosterIdOf: (name: string) => string | undefined;
  /** R33, M3: how many payments marked paid reopening the last night sets back to unpaid (the view's reopenWarning). */
  paidMarksToClear: () => number;
  /** Why the open panel's number box refuses what it holds (the newcomer's buy-in), or null. */
  numberRefusal?: () => string | null;
  /** Main's refusal in the console's words (main's English without it). */
  refusalWords?: (refusal: CommandError) => string;
}

/** Letters these keys use; each is listed in the key list (HelpOverlay). */
const HOUSE_KEYS = { pass: 'x', higher: 'h', lower: 'l', seat: 'j', move: 't', sitOut: 's', reopen: 'o' } as const;

function plain(e: KeyboardEvent): boolean {
  return !e.ctrlKey && !e.metaKey && !e.altKey;
}

/** The players still at the table (not cashed out), as indexes into `night.players`. */
function atTable(night: NightView): number[] {
  return night.players.flatMap((p, i) => (p.status === 'left' ? [] : [i]));
}

/**
 * The next player at the table from `index`, `delta` places on (wrapping).
 * @internal exported for tests only
 */
export function stepAtTable(night: NightView, index: number, delta: number): number {
  const seats = atTable(night);
  if (seats.length === 0) return index;
  const at = seats.indexOf(index);
  const from = at < 0 ? 0 : at;
  return seats[(from + delta + seats.length * 2) % seats.length] ?? index;
}

export function createHouseKeys(deps: HouseKeyDeps) {
  const { ui, entry, t, send } = deps;

  /** R26: X on an empty bet box passes, when passing is on. False leaves the key to the bet box. */
  function betKey(e: KeyboardEvent, night: NightView): boolean {
    if (!plain(e) || e.key.toLowerCase() !== HOUSE_KEYS.pass) return false;
    if (!night.allowed.commands.includes('pass') || entry.bet.digits !== '' || entry.bet.pot) return false;
    void send('pass', { stateId: night.stateId });
    return true;
  }

  /** R29: H calls the pair higher, L lower; a call the pair does not allow is refused by the engine, naming R29. */
  function pairCallKey(e: KeyboardEvent, night: NightView): boolean {
    if (!plain(e)) return false;
    const key = e.key.toLowerCase();
    if (key !== HOUSE_KEYS.higher && key !== HOUSE_KEYS.lower && e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return false;
    const call = key === HOUSE_KEYS.higher || e.key === 'ArrowUp' ? 'higher' : 'lower';
    void send('callPair', { stateId: night.stateId, call });
    return true;
  }

  /**
   * J, T and S open their panels while the night is open. While a bet is
   * asked, letters belong to the bet box (refused there as typing), so "ten"
   * never opens a panel; seating waits for the turn to end anyway (R31, R32).
   */
  function tableKey(e: KeyboardEvent, night: NightView): boolean {
    if (!plain(e) || night.phase === 'bet') return false;
    const first = atTable(night)[0] ?? 0;
    switch (e.key.toLowerCase()) {
      case HOUSE_KEYS.seat:
        entry.seatPlayerName = '';
        entry.seatBuyIn = '';
        // By default the newcomer sits on the dealer's right, i.e. after the last seat.
        entry.seatAfter = atTable(night).at(-1) ?? 0;
        entry.panelPayment = night.payment ?? 'credit';
        ui.openPanel('seat');
        return true;
      case HOUSE_KEYS.move:
        entry.panelPlayer = first;
        entry.seatAfter = stepAtTable(night, first, 1);
        ui.openPanel('move');
        if (!night.allowed.commands.includes('movePlayer')) ui.showError(t('movePanel.dealUnderWay'));
        return true;
      case HOUSE_KEYS.sitOut:
        entry.panelPlayer = first;
        ui.openPanel('sit-out');
        return true;
      default:
        return false;
    }
  }

  /** The keys of the seat, move and sit-out panels (keymap.ts HOUSE_PANEL_KEYS); false for any other panel. */
  function panelKey(e: KeyboardEvent, night: NightView): boolean {
    const step = (index: number, delta: number) => stepAtTable(night, index, delta);
    const back = (e: KeyboardEvent) => e.key === 'ArrowUp' || e.key === 'ArrowLeft';
    const actions: Record<HousePanelAction, (e: KeyboardEvent) => boolean | void> = {
      seatNeighbour: (e) => void (entry.seatAfter = step(entry.seatAfter, back(e) ? -1 : 1)),
      movingPlayer: (e) => void (entry.panelPlayer = step(entry.panelPlayer, back(e) ? -1 : 1)),
      moveNeighbour: (e) => void (entry.seatAfter = step(entry.seatAfter, back(e) ? -1 : 1)),
      sitOutPlayer: (e) => void (entry.panelPlayer = step(entry.panelPlayer, back(e) ? -1 : 1)),
      seatPayment: () => void (entry.panelPayment = otherPayment(entry.panelPayment)),
      seatNewcomer: (e) => !e.repeat && seatNewcomer(night),
      movePlayer: (e) => !e.repeat && movePlayer(night),
      sitOutOrBack: (e) => !e.repeat && sitOutOrBack(night),
    };
    return dispatchKey(HOUSE_PANEL_KEYS, e, { ...noFacts(), panel: ui.panel, paymentTyping: typingText(e.target) }, actions);
  }

  /** R31: sent as typed; a newcomer seated mid-turn is refused by the engine, whose message says why. */
  function seatNewcomer(night: NightView): void {
    const name = entry.seatPlayerName.trim();
    const neighbour = night.players[entry.seatAfter];
    if (!name) {
      ui.showError(t('seatPanel.needName'));
      return;
    }
    // The lobby's limit, said the lobby's way: a pasted long name is refused, never cut.
    if (nameLength(name) > NAME_MAX) {
      ui.showError(t('lobby.nameTooLong', { max: NAME_MAX, n: nameLength(name) }));
      return;
    }
    const refusal = deps.numberRefusal?.() ?? null;
    if (refusal) {
      ui.showError(refusal);
      return;
    }
    const buyIn = wholeNumber(entry.seatBuyIn);
    if (buyIn === null) {
      ui.showError(t('seatPanel.needBuyIn'));
      return;
    }
    if (!neighbour) return;
    const id = deps.rosterIdOf(name);
    const player = id ? { id, name } : { name };
    void send('seatPlayer', { stateId: night.stateId, player, afterPlayerId: neighbour.id, buyIn, paid: entry.panelPayment }).then(
      (ok) => ok && ui.closePanel(),
    );
  }

  function movePlayer(night: NightView): void {
    const moving = night.players[entry.panelPlayer];
    const neighbour = night.players[entry.seatAfter];
    if (!moving || !neighbour) return;
    const refusal = night.allowed.players[moving.id]?.move ?? null;
    if (refusal?.code === 'wrong-phase') {
      ui.showError(t('movePanel.dealUnderWay'));
      return;
    }
    if (moving.id === neighbour.id || seatedRightOf(night, moving, neighbour)) {
      ui.showError(t('movePanel.same', { name: moving.name }));
      return;
    }
    void send('movePlayer', { stateId: night.stateId, playerId: moving.id, afterPlayerId: neighbour.id }).then(
      (ok) => ok && ui.closePanel(),
    );
  }

  /** R32: main's view says whether this player can sit out or come back now; its refusal is said before sending. */
  function sitOutOrBack(night: NightView): void {
    const player = night.players[entry.panelPlayer];
    if (!player) return;
    const command = player.sittingOut ? 'comeBack' : 'sitOut';
    const refusal = night.allowed.players[player.id]?.[command] ?? null;
    if (refusal) {
      ui.showError(
        refusal.code === 'player-busy' ? t('sitOutPanel.busy', { name: player.name }) : (deps.refusalWords?.(refusal) ?? refusal.message),
      );
      return;
    }
    void send(command, { stateId: night.stateId, playerId: player.id }).then((ok) => ok && ui.closePanel());
  }

  /**
   * R33: asked first, saying what reopening undoes, and (M3) how many
   * payments marked paid for the night go back to unpaid and onto the tab.
   */
  function askReopen(stateId: number | null): void {
    const marked = deps.paidMarksToClear();
    const warning = marked > 0 ? ` ${t('reopen.paidWarning', { n: marked }, marked)}` : ` ${t('reopen.noPaid')}`;
    ui.ask(`${t('reopen.confirm')}${warning}`, async () => {
      await reopen(stateId);
    });
  }

  /**
   * Reopens the most recent night. From the lobby the console no longer
   * holds that night's state id; the engine's stale-state answer carries
   * it, so one retry with it reopens the night the host confirmed.
   */
  async function reopen(stateId: number | null): Promise<boolean> {
    const remembered = stateId ?? ui.lastClosedStateId ?? 0;
    if (await send('reopenNight', { stateId: remembered })) return true;
    const current = ui.lastRefusal?.code === 'stale-state' ? ui.lastRefusal.params?.current : undefined;
    if (stateId !== null || typeof current !== 'number') return false;
    return send('reopenNight', { stateId: current });
  }

  return { betKey, pairCallKey, tableKey, panelKey, askReopen, reopen };
}

/** A box being typed into (a name, or a number box, where C is a refused letter): C alone is typing there. */
function typingText(target: EventTarget | null): boolean {
  const box = target as { tagName?: string } | null;
  return box?.tagName === 'INPUT';
}

/** The moving player already sits on the left of the chosen neighbour: nothing would change. */
function seatedRightOf(night: NightView, moving: PlayerView, neighbour: PlayerView): boolean {
  const order = night.players.filter((p) => p.status !== 'left');
  const at = order.findIndex((p) => p.id === neighbour.id);
  return order[(at + 1) % order.length]?.id === moving.id;
}
