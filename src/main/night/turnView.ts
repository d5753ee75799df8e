import { rankOf, type CardCode } from '../../shared/cards';
import type { TurnView } from '../../shared/view';
import type { TurnState } from '../engine';

/** A turn as the console, the TV and the history show it. */
export function turnView(turn: TurnState): TurnView {
  return {
    n: turn.n,
    deal: turn.deal,
    dealerId: turn.dealerId,
    playerId: turn.playerId,
    cards: turn.cards,
    posts: orderedPosts(turn),
    aceCall: turn.aceCall,
    redealtAceCalls: turn.redealtAceCalls,
    call: turn.call,
    third: turn.third,
    bet: turn.bet,
    limit: turn.limit,
    outcome: turn.outcome,
    odds: turn.odds,
    potBefore: turn.potBefore,
    potAfter: turn.potAfter,
    stackBefore: turn.stackBefore,
    stackAfter: turn.stackAfter,
    void: turn.void,
    corrected: turn.corrected,
  };
}

/** R14: the posts shown low then high as ranked (an ace called low is the low post). */
function orderedPosts(turn: TurnState): [CardCode, CardCode] | null {
  const [first, second] = turn.posts;
  if (!first || !second) return null;
  const firstValue = turn.aceCall === 'low' ? 1 : rankOf(first);
  return firstValue <= rankOf(second) ? [first, second] : [second, first];
}
