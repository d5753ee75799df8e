/** The rules engine (docs/rules.md): pure, no I/O, no clock, no Math.random. */
export { applyCommand, betLimits, type EngineCommand } from './decide';
export { ShownCards } from './commands/draft';
export { commitmentOf, dealtOrder, isSeedHex, opensslBlockHash, SEED_BYTES } from './deck';
export { engineEventSchema, type EngineEvent, type EventOf } from './events';
export { applyEvent, copyOfState, emptyState, evolve } from './evolve';
export { noDraftCopies } from './facts/copies';
export { cutterSeat, dealUnderWay, dueToAct, ENGINE_REVISION, turnInProgress } from './flow';
export { halfPotRound } from './limits';
export { correctionLimits } from './correctionLimits';
export { pairCallsFor } from './commands/turn';
export { newcomerMinimumBuyIn } from './commands/seating';
export type { EngineState, TurnState, DeckState, RetiredDeck } from './state';
