import { describe, expect, it } from 'vitest';
import type { CommandName } from '../../shared';
import { advance as advanceOn, ask, currentNight, ok, run as runOn, sessionFolderPerTest, startNight } from './testing/kit';
import { readNightExport, type NightExport } from '../night';
import type { GameSession } from './gameSession';

/**
 * The export's `seating` (docs/export-format.md): the seating in force from
 * each turn on, as the host changed it (R31 newcomers and moves, R32
 * sitting out and coming back), checked against the turns it was made
 * before.
 */

const folder = sessionFolderPerTest('dealer-seating-export-');

function run(session: GameSession, command: CommandName, args: object = {}): void {
  ok(runOn(session, command, args));
}

function start(session: GameSession): string[] {
  return startNight(session, { startingChips: 40, chipValue: 25 }).players.map((p) => p.id);
}

/** Does what the table waits for, betting 1. */
function advance(session: GameSession): void {
  advanceOn(session, { cut: 3 });
}

/** Turns dealt so far (the engine's count: a voided turn keeps its number). */
function turnsDealt(session: GameSession): number {
  return session.currentNight?.state.turnCount ?? 0;
}

/** Plays until `turns` more turns are dealt and settled, back between turns. */
function playTurns(session: GameSession, turns: number): void {
  const target = turnsDealt(session) + turns;
  for (let guard = 0; guard < turns * 10 && (turnsDealt(session) < target || currentNight(session).phase !== 'ready'); guard++)
    advance(session);
}

/** Plays on until no deal is under way (R31: between a deal's last turn and the next deal's first). */
function playToEndOfDeal(session: GameSession): void {
  for (let guard = 0; guard < 40; guard++) {
    const state = session.currentNight?.state;
    if (state && state.phase.kind === 'ready' && (state.turn === null || state.turn.deal !== state.dealNumber)) return;
    advance(session);
  }
  throw new Error('the deal never passed');
}

function exported(session: GameSession): NightExport {
  const file = ask(session, 'exportNight', { nightId: currentNight(session).id, format: 'json' });
  const read = readNightExport(file.content);
  if (!read.ok) throw new Error(read.problem);
  return read.night;
}

describe('export: the seating over the night (R31, R32)', () => {
  it('R31, R32: a latecomer, a move, a sit-out and a come-back each give the seating from the next turn on', () => {
    const session = folder.start();
    const [ann, bob, cat] = start(session);
    if (!ann || !bob || !cat) throw new Error('three players');
    run(session, 'drawForDealer');
    playTurns(session, 2);
    // R31: Zoe sits down on Ann's left between turns 2 and 3.
    run(session, 'seatPlayer', { player: { name: 'Zoe' }, afterPlayerId: ann, buyIn: 20 });
    const zoe = currentNight(session).players.find((p) => p.name === 'Zoe')?.id ?? '';
    const seatedBefore = turnsDealt(session) + 1;
    playToEndOfDeal(session);
    // R31: between deals Cat moves to Ann's left.
    run(session, 'movePlayer', { playerId: cat, afterPlayerId: ann });
    const movedBefore = turnsDealt(session) + 1;
    playTurns(session, 1);
    // R32: Bob sits out for two turns and comes back.
    run(session, 'sitOut', { playerId: bob });
    const satOutBefore = turnsDealt(session) + 1;
    playTurns(session, 2);
    run(session, 'comeBack', { playerId: bob });
    const backBefore = turnsDealt(session) + 1;
    playTurns(session, 1);
    run(session, 'endNight');

    const night = exported(session);
    expect(night.seating).toEqual([
      { beforeTurn: 1, order: [ann, bob, cat], sittingOut: [] },
      { beforeTurn: seatedBefore, order: [ann, zoe, bob, cat], sittingOut: [] },
      { beforeTurn: movedBefore, order: [ann, cat, zoe, bob], sittingOut: [] },
      { beforeTurn: satOutBefore, order: [ann, cat, zoe, bob], sittingOut: [bob] },
      { beforeTurn: backBefore, order: [ann, cat, zoe, bob], sittingOut: [] },
    ]);
    expect(new Set([seatedBefore, movedBefore, satOutBefore, backBefore]).size).toBe(4);
    // The seating agrees with the turns: Bob takes no turn while sitting out, Zoe none before she sat down.
    const sittingOutTurns = night.turns.filter((t) => t.n >= satOutBefore && t.n < backBefore);
    expect(sittingOutTurns.length).toBeGreaterThan(0);
    expect(sittingOutTurns.every((t) => t.player !== bob)).toBe(true);
    expect(night.turns.filter((t) => t.n < seatedBefore).every((t) => t.player !== zoe)).toBe(true);
    // The final entry is the seating the export's players list ends in.
    expect(night.seating?.at(-1)?.order).toEqual([...night.players].sort((a, b) => a.seat - b.seat).map((p) => p.id));
  });

  it('R31: a night with no seat change has one entry, the seating at the draw', () => {
    const session = folder.start();
    const ids = start(session);
    run(session, 'drawForDealer');
    playTurns(session, 5);
    run(session, 'endNight');
    expect(exported(session).seating).toEqual([{ beforeTurn: 1, order: ids, sittingOut: [] }]);
  });

  it("R31, R32: changes before the draw are the draw's seating; a sit-out and come-back between the same turns leave no entry", () => {
    const session = folder.start();
    const [ann, bob, cat] = start(session);
    if (!ann || !bob || !cat) throw new Error('three players');
    run(session, 'movePlayer', { playerId: ann, afterPlayerId: cat });
    run(session, 'drawForDealer');
    playTurns(session, 2);
    run(session, 'sitOut', { playerId: cat });
    run(session, 'comeBack', { playerId: cat });
    playTurns(session, 1);
    expect(exported(session).seating).toEqual([{ beforeTurn: 1, order: [bob, cat, ann], sittingOut: [] }]);
  });
});
