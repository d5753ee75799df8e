import type { EngineEvent } from '../engine';

/** Event types that change the turn in progress (or a finished one: void, correction). */
export const TURN_EVENTS: ReadonlySet<EngineEvent['type']> = new Set<EngineEvent['type']>([
  'turn-started',
  'card-turned',
  'posts-redealt',
  'ace-called',
  'odds-shown',
  'bet-placed',
  'turn-resolved',
  'turn-voided',
  'bet-corrected',
]);
