/** The rules engine (docs/rules.md): pure, no I/O, no clock, no Math.random. */
export { applyCommand, betLimits, conservationProblem, type EngineCommand, type EngineResult } from './decide';
export { commitmentOf, dealtOrder, shuffledDeck, cutDeck, canonicalDeck, isSeedHex, opensslBlockHash, SEED_BYTES } from './deck';
export { engineEventSchema, type EngineEvent, type EventOf } from './events';
export { applyEvent, copyOfState, emptyState, evolve, noDraftCopies, replay } from './evolve';
export { oddsBetween } from './odds';
export { activePlayers, cutterSeat, dealUnderWay, dueToAct, ENGINE_REVISION, isActive, turnInProgress } from './flow';
export { currentLimits, halfPotRound } from './limits';
export { correctionLimits } from './correctionLimits';
export { pairCallsFor } from './commands/turn';
export { newcomerMinimumBuyIn } from './commands/seating';
export type { Newcomer } from './commands/seating';
export type { EngineState, Phase, PhaseKind, TurnState, SeatedPlayer, DeckState, RetiredDeck, LastAction } from './state';
