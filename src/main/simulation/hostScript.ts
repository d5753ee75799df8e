import type { NightView } from '../../shared';
import type { Bot } from './bot';
import type { Action } from './action';

/**
 * The host's sequences that cross several commands, played at random
 * moments when a plan asks for every host action (`hostMoves: 'every'`):
 * sitting out and coming back between the same two turns (R32), a shared
 * expense paid by a player who has just cashed out (M4), a void right after
 * a correction (R21). Each step is made from the night as it is when the
 * step is due, so it carries the current stateId.
 */
type Step = (night: NightView) => Action | null;

export class HostScript {
  private readonly queue: Step[] = [];

  constructor(private readonly bot: Bot) {}

  /** The next queued step, between turns; null when none is due. */
  next(night: NightView): Action | null {
    while (night.phase === 'ready' && this.queue.length > 0) {
      const step = this.queue.shift() as Step;
      const action = step(night);
      if (action) return action;
    }
    return null;
  }

  /** After an action: now and then, queue what a host sometimes does right after it. */
  observe(action: Action, before: NightView): void {
    const bot = this.bot;
    if (action.command === 'sitOut' && bot.chance(0.5)) {
      // R32: back before the next turn: nothing about the deal's order changes.
      this.queue.push(comeBack(action.args.playerId as string));
    } else if (action.command === 'cashOut' && bot.chance(0.5)) {
      // M4: the player who went home had paid for the pizza; the leftover cents count from their place.
      const payer = action.args.playerId as string;
      const amount = 1 + bot.below(9_999);
      this.queue.push((night) => {
        const others = night.players.filter((p) => p.id !== payer && bot.chance(0.6)).map((p) => p.id);
        return { command: 'addExpense', args: { payer, amount, description: 'Taxi', sharers: others.length > 0 ? others : [payer] } };
      });
    } else if (action.command === 'correctBet' && bot.chance(0.3)) {
      // R21: the corrected turn turns out misdealt after all.
      this.queue.push((night) => (night.lastAction?.canVoid ? { command: 'voidTurn', args: { stateId: night.stateId } } : null));
    } else if (action.command === 'deal' && before.phase === 'ready' && bot.chance(0.01)) {
      const playing = before.players.filter((p) => p.status === 'playing');
      if (playing.length > 2) {
        const player = bot.pickOne(playing).id;
        // R32 between the same two turns, queued for after this turn.
        this.queue.push(sitOut(player), comeBack(player));
      }
    }
  }
}

/** R32: only a player still playing, while more than two do. */
function sitOut(playerId: string): Step {
  return (night) => {
    const playing = night.players.filter((p) => p.status === 'playing');
    return playing.length > 2 && playing.some((p) => p.id === playerId)
      ? { command: 'sitOut', args: { stateId: night.stateId, playerId } }
      : null;
  };
}

function comeBack(playerId: string): Step {
  return (night) =>
    night.players.some((p) => p.id === playerId && p.sittingOut)
      ? { command: 'comeBack', args: { stateId: night.stateId, playerId } }
      : null;
}
