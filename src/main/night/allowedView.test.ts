import { describe, expect, it } from 'vitest';
import { applyCommand, type EngineState } from '../engine';
import { TestTable, tableWith } from '../engine/testing/kit';
import { allowedView } from './allowedView';

/** The `allowed` part is the engine's own answer: each case names the rule that decides it. */

const commandsOf = (state: EngineState) => allowedView(state).commands;

/** Deals turns (cutting any new deck at 0, betting 1) until a deck runs out in the middle of a turn (R13). */
function midTurnCut(): TestTable {
  for (let attempt = 0; attempt < 200; attempt++) {
    const table = TestTable.start({ settings: { pair: 'redeal', consecutive: 'redeal' } }, `allowed-${attempt}`).drawDealer(0);
    for (let guard = 0; guard < 60; guard++) {
      table.must({ type: 'deal' });
      const phase = table.state.phase;
      if (phase.kind === 'cut' && phase.resume === 'continue-turn') return table;
      if (phase.kind === 'cut') table.must({ type: 'cut', cut: 0 });
      if (table.state.phase.kind === 'bet') table.must({ type: 'bet', amount: 1 });
      if (table.state.phase.kind === 'cut') break;
      if (table.state.turn?.outcome !== null) table.must({ type: 'void-turn' });
    }
  }
  throw new Error('no deck ran out mid-turn');
}

describe('allowed: what main accepts now, from the engine', () => {
  it('R7: before the draw for dealer, the draw is legal and a deal, a cut or a bet is not', () => {
    const table = TestTable.start({ players: 3 });
    const commands = commandsOf(table.state);
    expect(commands).toContain('drawForDealer');
    expect(commands).not.toContain('deal');
    expect(commands).not.toContain('cut');
    expect(commands).not.toContain('bet');
    expect(commands).toContain('endNight');
    expect(allowedView(table.state).endRefusal).toBeNull();
  });

  it('R11: a new deck waits for its cut: the cut is legal, a deal is not', () => {
    const table = TestTable.start().drawDealer(0);
    table.must({ type: 'deal' });
    expect(table.state.phase.kind).toBe('cut');
    const commands = commandsOf(table.state);
    expect(commands).toContain('cut');
    expect(commands).not.toContain('deal');
    expect(allowedView(table.state).cut).toEqual({ min: 0, max: 51 });
  });

  it('R17: while a bet is asked, bet is legal with the limits of the pot and the stack; the night cannot end (R22)', () => {
    const table = tableWith({ cards: ['4', '9'] });
    const allowed = allowedView(table.state);
    expect(allowed.commands).toContain('bet');
    expect(allowed.commands).not.toContain('deal');
    expect(allowed.commands).not.toContain('pass');
    expect(allowed.bet).toEqual({ min: 1, max: table.state.pot, cap: null });
    expect(allowed.endRefusal?.code).toBe('wrong-phase');
    expect(allowed.commands).not.toContain('endNight');
  });

  it('R26: pass is legal while a bet is asked only when passing is on', () => {
    expect(commandsOf(tableWith({ cards: ['4', '9'], settings: { pass: true } }).state)).toContain('pass');
    expect(commandsOf(tableWith({ cards: ['4', '9'], settings: { pass: false } }).state)).not.toContain('pass');
  });

  it('R1: an ace turned first with aceLowChoice asks for the call, and nothing else of the turn is legal', () => {
    const table = tableWith({ cards: ['A', '9'], settings: { aceLowChoice: true } });
    const commands = commandsOf(table.state);
    expect(commands).toContain('callAce');
    expect(commands).not.toContain('bet');
  });

  it('R29: a pair with high-low waits for the call', () => {
    const table = tableWith({ cards: ['7', '7'], settings: { pair: 'high-low' } });
    const commands = commandsOf(table.state);
    expect(commands).toContain('callPair');
    expect(commands).not.toContain('bet');
  });

  it('R27: the bet limits carry maxBet', () => {
    const table = tableWith({ cards: ['4', '9'], players: 4, settings: { maxBet: 2 } });
    expect(allowedView(table.state).bet).toEqual({ min: 1, max: 2, cap: 'max-bet' });
  });

  it('R21: after a turn with a bet, its bet can be corrected or the turn voided, within the limits the bet had (R27 maxBet)', () => {
    const table = tableWith({ cards: ['4', '9', '7'], players: 4, startingChips: 30, settings: { maxBet: 3 } });
    table.must({ type: 'bet', amount: 2 });
    const allowed = allowedView(table.state);
    expect(allowed.commands).toEqual(expect.arrayContaining(['correctBet', 'voidTurn', 'deal']));
    expect(allowed.commands).not.toContain('undo');
    // The pot (4 antes) and the stack are larger than 3: the house limit is what bounds the correction.
    expect(allowed.correction).toEqual({ min: 1, max: 3, cap: 'max-bet' });
  });

  it('R21: a correction keeps the pot and stack the bet was made with, not the pot after the win', () => {
    const table = tableWith({ cards: ['4', '9', '7'], players: 3 });
    const potBefore = table.state.pot;
    table.must({ type: 'bet', amount: 2 });
    expect(table.state.pot).toBe(potBefore - 2);
    expect(allowedView(table.state).correction).toEqual({ min: 1, max: potBefore, cap: null });
  });

  it('R27 half-pot: a correction in the first round stays at most half the pot the bet had', () => {
    const table = tableWith({ cards: ['4', '9', '7'], players: 4, startingChips: 30, settings: { firstRound: 'half-pot' } });
    const potBefore = table.state.pot;
    table.must({ type: 'bet', amount: 1 });
    expect(allowedView(table.state).correction).toEqual({ min: 1, max: Math.floor(potBefore / 2), cap: 'half-pot' });
  });

  it('R21: a turn without a bet (a pair paid) can be voided but not corrected; a buy-in can be undone', () => {
    const table = tableWith({ cards: ['7', '7'], players: 3 });
    let allowed = allowedView(table.state);
    expect(allowed.commands).toContain('voidTurn');
    expect(allowed.commands).not.toContain('correctBet');
    expect(allowed.correction).toBeNull();
    table.must({ type: 'buy-in', playerId: 'p2', amount: 5 });
    allowed = allowedView(table.state);
    expect(allowed.commands).toContain('undo');
    expect(allowed.commands).not.toContain('voidTurn');
  });

  it('R13, R22: a deck cut in the middle of a turn: the cut is legal, the night cannot end, the player cannot leave', () => {
    const table = midTurnCut();
    const allowed = allowedView(table.state);
    const playerId = table.state.turn?.playerId ?? '';
    expect(allowed.commands).toContain('cut');
    expect(allowed.commands).not.toContain('endNight');
    expect(allowed.endRefusal?.code).toBe('wrong-phase');
    expect(allowed.players[playerId]?.cashOut?.code).toBe('player-busy');
  });

  it('R31: a player can be moved before a deal is under way, not during it; a newcomer can sit down between turns', () => {
    const table = TestTable.start({ players: 3 }).drawDealer(0);
    expect(allowedView(table.state).players.p1?.move).toBeNull();
    expect(commandsOf(table.state)).toEqual(expect.arrayContaining(['movePlayer', 'seatPlayer']));
    table.dealWith(['7', '7']);
    const allowed = allowedView(table.state);
    expect(allowed.players.p1?.move?.code).toBe('wrong-phase');
    expect(allowed.commands).not.toContain('movePlayer');
    expect(allowed.commands).toContain('seatPlayer');
  });

  it('R32: mid-turn nobody sits out or comes back, and the player whose turn it is cannot cash out', () => {
    const table = tableWith({ cards: ['4', '9'], players: 3 });
    const allowed = allowedView(table.state);
    const busy = table.state.turn?.playerId ?? '';
    const other = table.state.players.find((p) => p.id !== busy)?.id ?? '';
    expect(allowed.players[busy]?.sitOut?.code).toBe('player-busy');
    expect(allowed.players[other]?.sitOut?.code).toBe('wrong-phase');
    expect(allowed.players[busy]?.cashOut?.code).toBe('player-busy');
    expect(allowed.players[other]?.cashOut).toBeNull();
    expect(allowed.commands).not.toContain('seatPlayer');
  });

  it('R32: between turns a player can sit out, and only one sitting out can come back', () => {
    const table = TestTable.start({ players: 3 }).drawDealer(0);
    table.must({ type: 'sit-out', playerId: 'p2' });
    const allowed = allowedView(table.state);
    expect(allowed.players.p1?.sitOut).toBeNull();
    expect(allowed.players.p1?.comeBack?.code).toBe('not-sitting-out');
    expect(allowed.players.p2?.comeBack).toBeNull();
    expect(allowed.players.p2?.sitOut?.code).toBe('already-sitting-out');
  });

  it('R22, R33: an ended night can only be reopened or put away', () => {
    const table = TestTable.start().drawDealer(0);
    table.must({ type: 'end', at: '2026-01-01T23:00:00.000Z' });
    const allowed = allowedView(table.state);
    expect([...allowed.commands].sort()).toEqual(['closeNight', 'reopenNight']);
    expect(allowed.endRefusal).toBeNull();
    expect(allowed.bet).toBeNull();
  });

  it("R31: a newcomer's least buy-in is the engine's: one more than the ante is seated, the ante itself is refused", () => {
    const table = TestTable.start({ players: 3, settings: { ante: 2 } });
    const least = allowedView(table.state).newcomerMinBuyIn;
    expect(least).toBe(3);
    const newcomer = { type: 'seat', playerId: 'zed', name: 'Zed', afterPlayerId: table.state.players[0]!.id } as const;
    expect(applyCommand(table.state, { ...newcomer, buyIn: least }).ok).toBe(true);
    expect(applyCommand(table.state, { ...newcomer, buyIn: least - 1 }).ok).toBe(false);
  });
});
