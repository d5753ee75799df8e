/**
 * A night's journal (docs/design.md "Principles": a journal of facts): its format
 * and the readers of every earlier version, the one decide-shuffle-post
 * loop, replay, the summary the index keeps and the export. No I/O here:
 * the store reads and appends the files.
 */
export {
  decodeJournal,
  encodeEntry,
  engineCommandOf,
  isExpenseCommand,
  headerLine,
  JOURNAL_FORMAT,
  JOURNAL_READERS,
  JOURNAL_VERSION,
  JournalHeaderError,
  JournalLineError,
  recordedCommandOf,
  sealedSeedSchema,
  type DecodedJournal,
  type ExpenseCommand,
  type JournalEntry,
  type JournalHeader,
  type JournalLine,
  type RecordedCommand,
  type RecordedSeed,
  type SealedSeed,
  type SeedOpener,
  type TableStep,
  type WitnessChange,
} from './format';
export {
  balancesMismatch,
  decideStep,
  seedDealer,
  applyExpenseLine,
  emptyNight,
  expenseLineProblem,
  keepStep,
  nightPayment,
  paymentOf,
  replayEntry,
  replayJournal,
  replayPrefix,
  ReplayError,
  seedsRetired,
  stacksAtTable,
  takeBack,
  type DecidedStep,
  type Dealer,
  type NightExpense,
  type PlayedNight,
  type StepResult,
} from './play';
export { journalOfLegacy, LegacyNightError, migrateLegacyNight, replayLegacyNight, replaysDiffer, type LegacyNight } from './legacy';
export {
  allTimeStandings,
  biggestWinOf,
  hasFigures,
  nightIdSchema,
  nightSummary,
  nightSummarySchema,
  type NightSummary,
  type Standing,
} from './summary';
export {
  exportNight,
  exportedDeckSchema,
  exportedSeatingSchema,
  exportedTurnSchema,
  nightExportSchema,
  NIGHT_EXPORT_FORMAT,
  type NightExport,
} from './export';
export { laptopCommitment, LaptopWitness, laptopDealer } from './laptopWitness';
export { seatingHistory, type SeatingEntry } from './seating';
export { readNightExport, type ReadNightExport } from './exportReader';
export { expenseViews, nightBalances } from './money';
export { turnView } from './turnView';
export { nightAwards, playerNightFigures, type PlayerNightFigures } from './figures';
export {
  betsOfNight,
  luckVerdict,
  nightLuck,
  playerLuckOf,
  sumLuck,
  type BetChances,
  type BetLuck,
  type LuckSum,
  type LuckTurn,
} from './luck';
