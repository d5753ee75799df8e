import type { CommandName, NightView } from '../../../shared';
import type { GameSession } from '../../session/gameSession';

/**
 * A host at the table pressing keys at random among what the night waits for (the kill tests of a night held on two
 * laptops, scripts/killMoves.ts): draws, cuts anywhere, deals, calls aces and pairs either way, bets 1 to the pot or
 * passes where the rules allow, buys a busted player back in. `random` in [0, 1).
 */
function randomHostCommand(night: NightView, random: () => number): [CommandName, Record<string, unknown>] {
  const stateId = night.stateId;
  const pick = <T>(choices: readonly T[]): T => choices[Math.floor(random() * choices.length)] as T;
  switch (night.phase) {
    case 'draw':
      return ['drawForDealer', { stateId }];
    case 'cut':
      return ['cut', { stateId, cut: Math.floor(random() * (night.deck?.size ?? 1)) }];
    case 'ace-call':
      return ['callAce', { stateId, call: pick(['low', 'high']) }];
    case 'pair-call':
      return ['callPair', { stateId, call: pick(night.pairCalls ?? ['higher']) }];
    case 'bet': {
      if (night.canPass && random() < 0.2) return ['pass', { stateId }];
      const max = night.betLimits?.max ?? 1;
      return ['bet', { stateId, amount: random() < 0.1 ? 'pot' : 1 + Math.floor(random() * Math.min(max, 5)) }];
    }
    case 'ready': {
      const busted = night.players.find((p) => p.status === 'sitting-out' && p.stack === 0);
      return busted ? ['buyIn', { stateId, playerId: busted.id, amount: 20 }] : ['deal', { stateId }];
    }
    default:
      throw new Error(`the random host cannot play in phase ${night.phase}`);
  }
}

/** One random host command on `session`'s open night, which must be accepted; the night's journal lines after it. */
export function playRandomCommand(session: GameSession, random: () => number): number {
  const night = session.getView().night;
  if (!night) throw new Error('no night is open');
  const [command, args] = randomHostCommand(night, random);
  const result = session.runNow(command, args);
  if (!result.ok) throw new Error(`${command} refused: ${result.error.code}: ${result.error.message}`);
  return session.currentNight?.entries.length ?? 0;
}

/** Plays on until `turns` more turns are played and no turn is under way, then ends the night. */
export function playOnAndEnd(session: GameSession, turns: number, random: () => number): void {
  const target = (session.getView().night?.turnsPlayed ?? 0) + turns;
  for (let step = 0; step < turns * 20 + 40; step++) {
    const night = session.getView().night;
    if (!night) throw new Error('no night is open');
    if (night.turnsPlayed >= target && (night.phase === 'ready' || night.phase === 'draw')) break;
    playRandomCommand(session, random);
  }
  const night = session.getView().night;
  const ended = session.runNow('endNight', { stateId: night?.stateId });
  if (!ended.ok) throw new Error(`endNight refused: ${ended.error.code}: ${ended.error.message}`);
}
