/** Queries over past nights: read-only, from the nights index and the night files. */
export { BACKUP_FORMAT, BACKUP_VERSION, BackupError, makeBackup, parseBackup, type BackupContent } from './backup';
export { nightExportFile } from './exportFiles';
export { verifyNight } from './fairness';
export { csvField, ledgerCsv, LEDGER_CSV_HEADER } from './ledgerCsv';
export { nightDetail } from './nightDetail';
export { readNightRecord, type NightRecordResult } from './nightRecord';
export { listNights, nightListItem } from './nightsList';
export { EndedNightAnswers } from './endedNightAnswers';
export { answerQuestion, QUESTION_NAMES, type Answer, type HistorySource, type QuestionName } from './questions';
export { changedPayDetails, nightPayees, payDirectory, publicRoster, tabPayees } from './payments';
export { nightSettlement, settlementTransfers } from './settlement';
export { nightTransferId, nightTransfers, tabOf, type SettleModes } from './tab';
export { TAB_CSV_HEADER, TAB_EXPORT_FORMAT, tabExportFile } from './tabExport';
export { standings } from './standings';
export { mergeProblem, NO_ALIAS, playerAlias, type MergeProblem, type PlayerAlias, type PlayerMerge } from './aliases';
