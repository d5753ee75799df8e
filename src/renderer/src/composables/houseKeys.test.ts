import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllowedView, CommandError, NightView, PlayerAllowed, PlayerView } from '../../../shared';
import { useEntryStore } from '../stores/entry';
import { useUiStore } from '../stores/ui';
import { createHouseKeys, stepAtTable } from './houseKeys';

function key(k: string, init: Partial<KeyboardEvent> = {}): KeyboardEvent {
  return { key: k, ctrlKey: false, metaKey: false, altKey: false, repeat: false, ...init } as KeyboardEvent;
}

function player(id: string, over: Partial<PlayerView> = {}): PlayerView {
  return {
    id,
    name: id.toUpperCase(),
    seat: 0,
    stack: 20,
    boughtIn: 20,
    cashedOut: 0,
    status: 'playing',
    isDealer: false,
    isToAct: false,
    isCutter: false,
    sittingOut: false,
    waitsForNextDeal: false,
    ...over,
  };
}

const refusal = (code: CommandError['code']): CommandError => ({ code, message: code });
const free: PlayerAllowed = { cashOut: null, sitOut: null, comeBack: refusal('not-sitting-out'), move: null };

/** What main allows between turns: every seating change, for everyone. */
function allowed(over: Partial<AllowedView> = {}): AllowedView {
  return {
    commands: ['deal', 'seatPlayer', 'movePlayer', 'sitOut', 'buyIn', 'cashOut', 'endNight'],
    bet: null,
    correction: null,
    cut: null,
    endRefusal: null,
    newcomerMinBuyIn: 2,
    players: { ann: free, bo: free, cy: free },
    ...over,
  };
}

function night(over: Partial<NightView> = {}): NightView {
  return {
    allowed: allowed(),
    stateId: 7,
    phase: 'ready',
    players: [player('ann'), player('bo'), player('cy')],
    toActId: 'ann',
    canPass: false,
    pairCalls: null,
    dealUnderWay: false,
    betweenTurns: true,
    betLimits: null,
    ...over,
  } as NightView;
}

describe('house rule keys on the console', () => {
  let send: ReturnType<typeof vi.fn>;
  let keys: ReturnType<typeof createHouseKeys>;
  let ui: ReturnType<typeof useUiStore>;
  let entry: ReturnType<typeof useEntryStore>;
  let paidMarks = 0;

  beforeEach(() => {
    setActivePinia(createPinia());
    ui = useUiStore();
    entry = useEntryStore();
    send = vi.fn(() => Promise.resolve(true));
    keys = createHouseKeys({
      ui,
      entry,
      t: (k, named) => (named ? `${k} ${JSON.stringify(named)}` : k),
      send: send as never,
      rosterIdOf: (name) => (name.toLowerCase() === 'dee' ? 'p-dee' : undefined),
      paidMarksToClear: () => paidMarks,
    });
    paidMarks = 0;
  });

  it('R26: X on an empty bet box passes when passing is on', () => {
    expect(keys.betKey(key('x'), night({ phase: 'bet', allowed: allowed({ commands: ['bet', 'pass'] }) }))).toBe(true);
    expect(send).toHaveBeenCalledWith('pass', { stateId: 7 });
  });

  it('R26: X does not pass when passing is off, nor while a bet is being typed', () => {
    expect(keys.betKey(key('x'), night({ phase: 'bet', allowed: allowed({ commands: ['bet'] }) }))).toBe(false);
    entry.bet.digits = '3';
    expect(keys.betKey(key('x'), night({ phase: 'bet', allowed: allowed({ commands: ['bet', 'pass'] }) }))).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('R29: H calls a pair higher and L lower', () => {
    const pair = night({ phase: 'pair-call', pairCalls: ['higher', 'lower'] });
    expect(keys.pairCallKey(key('h'), pair)).toBe(true);
    expect(send).toHaveBeenLastCalledWith('callPair', { stateId: 7, call: 'higher' });
    expect(keys.pairCallKey(key('L'), pair)).toBe(true);
    expect(send).toHaveBeenLastCalledWith('callPair', { stateId: 7, call: 'lower' });
    expect(keys.pairCallKey(key('q'), pair)).toBe(false);
  });

  it('R31: J opens the seat panel; Enter seats the typed newcomer on the left of the chosen player, with the buy-in', () => {
    const n = night();
    expect(keys.tableKey(key('j'), n)).toBe(true);
    expect(ui.panel).toBe('seat');
    expect(entry.seatAfter).toBe(2);
    keys.panelKey(key('ArrowDown'), n);
    expect(entry.seatAfter).toBe(0);
    entry.seatPlayerName = ' Dan ';
    entry.seatBuyIn = '15';
    expect(keys.panelKey(key('Enter'), n)).toBe(true);
    expect(send).toHaveBeenCalledWith('seatPlayer', {
      stateId: 7,
      player: { name: 'Dan' },
      afterPlayerId: 'ann',
      buyIn: 15,
      paid: 'credit',
    });
  });

  it('R31: a newcomer known to the roster keeps their id; a missing name or buy-in is said, nothing sent', () => {
    const n = night();
    keys.tableKey(key('j'), n);
    keys.panelKey(key('Enter'), n);
    expect(ui.error).toBe('seatPanel.needName');
    entry.seatPlayerName = 'Dee';
    keys.panelKey(key('Enter'), n);
    expect(ui.error).toBe('seatPanel.needBuyIn');
    expect(send).not.toHaveBeenCalled();
    entry.seatBuyIn = '10';
    keys.panelKey(key('Enter'), n);
    expect(send).toHaveBeenCalledWith('seatPlayer', {
      stateId: 7,
      player: { id: 'p-dee', name: 'Dee' },
      afterPlayerId: 'cy',
      buyIn: 10,
      paid: 'credit',
    });
  });

  it('R31: T moves a player between deals; while a deal is under way it says so and sends nothing', () => {
    const n = night();
    keys.tableKey(key('t'), n);
    expect(ui.panel).toBe('move');
    keys.panelKey(key('ArrowDown'), n); // Bo moves
    keys.panelKey(key('ArrowRight'), n); // next to Cy
    keys.panelKey(key('Enter'), n);
    expect(send).toHaveBeenCalledWith('movePlayer', { stateId: 7, playerId: 'bo', afterPlayerId: 'cy' });
    send.mockClear();
    const underWay = { ...free, move: refusal('wrong-phase') };
    const dealing = night({
      dealUnderWay: true,
      allowed: allowed({ commands: ['seatPlayer'], players: { ann: underWay, bo: underWay, cy: underWay } }),
    });
    keys.panelKey(key('Enter'), dealing);
    expect(ui.error).toBe('movePanel.dealUnderWay');
    expect(send).not.toHaveBeenCalled();
  });

  it('R32: S sits a player out, and the same key brings them back', () => {
    keys.tableKey(key('s'), night());
    expect(ui.panel).toBe('sit-out');
    keys.panelKey(key('ArrowDown'), night());
    keys.panelKey(key('Enter'), night());
    expect(send).toHaveBeenLastCalledWith('sitOut', { stateId: 7, playerId: 'bo' });
    const away = night({
      players: [player('ann'), player('bo', { sittingOut: true, status: 'sitting-out' }), player('cy')],
      allowed: allowed({ players: { ann: free, bo: { ...free, sitOut: refusal('already-sitting-out'), comeBack: null }, cy: free } }),
    });
    keys.panelKey(key('Enter'), away);
    expect(send).toHaveBeenLastCalledWith('comeBack', { stateId: 7, playerId: 'bo' });
  });

  it('R31, R32: while a bet is asked J, T and S are typing in the bet box, not panels', () => {
    const asked = night({ phase: 'bet', betweenTurns: false });
    for (const k of ['j', 't', 's']) expect(keys.tableKey(key(k), asked)).toBe(false);
    expect(ui.panel).toBeNull();
  });

  it("R32: the player whose turn is under way cannot sit out: main's refusal is said before anything is sent", () => {
    const busy = { ...free, sitOut: refusal('player-busy') };
    const midTurn = night({
      phase: 'pair-call',
      betweenTurns: false,
      toActId: 'ann',
      allowed: allowed({ commands: ['callPair'], players: { ann: busy, bo: free, cy: free } }),
    });
    keys.tableKey(key('s'), midTurn);
    keys.panelKey(key('Enter'), midTurn);
    expect(ui.error).toContain('sitOutPanel.busy');
    expect(send).not.toHaveBeenCalled();
  });

  it("R31: a pasted 41-character name is refused with the lobby's message, not cut to 40; a refused buy-in sends nothing", () => {
    const n = night();
    keys.tableKey(key('j'), n);
    Object.assign(entry, { seatPlayerName: 'A'.repeat(41), seatBuyIn: '10' });
    keys.panelKey(key('Enter'), n);
    expect(ui.error).toBe('lobby.nameTooLong {"max":40,"n":41}');
    expect(send).not.toHaveBeenCalled();
  });

  it('skips players who cashed out when choosing with the arrows', () => {
    const n = night({ players: [player('ann'), player('bo', { status: 'left' }), player('cy')] });
    expect(stepAtTable(n, 0, 1)).toBe(2);
    expect(stepAtTable(n, 2, 1)).toBe(0);
    expect(stepAtTable(n, 0, -1)).toBe(2);
  });

  it("M2: a newcomer buys in the night's way unless Alt+C switches it; C typed in a box is typing, not a switch", () => {
    const n = night({ payment: 'cash' });
    keys.tableKey(key('j'), n);
    expect(entry.panelPayment).toBe('cash');
    const nameBox = { tagName: 'INPUT', inputMode: '' } as unknown as EventTarget;
    expect(keys.panelKey(key('c', { target: nameBox } as Partial<KeyboardEvent>), n)).toBe(false);
    expect(entry.panelPayment).toBe('cash');
    expect(keys.panelKey(key('c', { altKey: true, code: 'KeyC', target: nameBox } as Partial<KeyboardEvent>), n)).toBe(true);
    expect(entry.panelPayment).toBe('credit');
    const chipsBox = { tagName: 'INPUT', inputMode: 'numeric' } as unknown as EventTarget;
    expect(keys.panelKey(key('c', { target: chipsBox } as Partial<KeyboardEvent>), n)).toBe(false);
    expect(entry.panelPayment).toBe('credit');
    Object.assign(entry, { seatPlayerName: 'Dan', seatBuyIn: '15' });
    keys.panelKey(key('Enter'), n);
    expect(send).toHaveBeenCalledWith('seatPlayer', expect.objectContaining({ buyIn: 15, paid: 'credit' }));
  });

  it('R33 M3: O asks first, saying what reopening undoes and how many paid marks go back to unpaid; only yes reopens', async () => {
    keys.askReopen(12);
    expect(ui.confirmation?.text).toBe('reopen.confirm reopen.noPaid');
    ui.answer(false);
    paidMarks = 2;
    keys.askReopen(12);
    expect(ui.confirmation?.text).toBe('reopen.confirm reopen.paidWarning {"n":2}');
    ui.answer(false);
    expect(send).not.toHaveBeenCalled();
    keys.askReopen(12);
    ui.answer(true);
    await Promise.resolve();
    expect(send).toHaveBeenCalledWith('reopenNight', { stateId: 12 });
  });

  it('R33: from the lobby, a stale state id is retried once with the one main reports', async () => {
    send.mockImplementationOnce(() => {
      ui.lastRefusal = { code: 'stale-state', message: 'stale', params: { expected: 0, current: 41 } };
      return Promise.resolve(false);
    });
    expect(await keys.reopen(null)).toBe(true);
    expect(send).toHaveBeenNthCalledWith(1, 'reopenNight', { stateId: 0 });
    expect(send).toHaveBeenNthCalledWith(2, 'reopenNight', { stateId: 41 });
  });

  it('R33: a refusal naming the rule (a later night started) is not retried', async () => {
    send.mockImplementationOnce(() => {
      ui.lastRefusal = { code: 'not-latest-night', message: 'later night', rule: 'R33' } as never;
      return Promise.resolve(false);
    });
    expect(await keys.reopen(null)).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
