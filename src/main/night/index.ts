/**
 * A night's journal (docs/design.md "Principles": a journal of facts): its format
 * and the readers of every earlier version, the one decide-shuffle-post
 * loop, replay, the summary the index keeps and the export. No I/O here (signatures are pure computation, by node:crypto):
 * the store reads and appends the files.
 */
export {
  chainedJournal,
  decodeJournal,
  encodeEntry,
  hashOfLine,
  /** @internal */ headerLine,
  JournalHeaderError,
  signatureLine,
  type RecordSignature,
  recordedCommandOf,
  sealedSeedSchema,
  type ExpenseCommand,
  type DecodedJournal,
  type JournalEntry,
  type JournalLine,
  type SealedSeed,
  type WitnessChange,
} from './format';
export {
  decideStep,
  applyExpenseLine,
  emptyNight,
  expenseLineProblem,
  keepStep,
  nightPayment,
  replayJournal,
  replayPrefix,
  ReplayError,
  seedsRetired,
  stacksAtTable,
  takeBack,
  type DecidedStep,
  type Dealer,
  type PlayedNight,
  type StepResult,
} from './play';
export { migrateLegacyNight, replayLegacyNight } from './legacy';
export { GrowingReplay } from './growingReplay';
// R35: what the session calls to move a night (night/move.ts); tagged until the session's live copy and takeover use them.
export { /** @internal */ handOverLine, handedOverTo, nightEpoch, replayHeldCopy, takeOverLine, writerSignatures } from './move';
export { hasFigures, nightIdSchema, nightSummary, nightSummarySchema, type NightSummary } from './summary';
export { exportNight, nightExportSchema, /** @internal */ NIGHT_EXPORT_FORMAT, type ExportedRecord, type NightExport } from './export';
export { ownRecord, signedJournalText } from './sharedRecord';
export { laptopCommitment, LaptopWitness, /** @internal */ laptopDealer } from './laptopWitness';
export { /** @internal */ readNightExport } from './exportReader';
export { expenseViews, nightBalances } from './money';
export { /** @internal */ playerNightFigures, /** @internal */ type PlayerNightFigures } from './figures';
export { luckVerdict, nightLuck } from './luck';
export {
  laptopStatement,
  revocationStatement,
  rotationStatement,
  newKeyPair,
  recordStatement,
  signerOf,
  verifySignature,
  type LaptopSigner,
} from './signature';
export { chainStart } from './recordChain';
