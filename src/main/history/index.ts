/** Queries over past nights: read-only, from the nights index and the night files. */
export { BackupError, makeBackup, parseBackup } from './backup';
export { EndedNightAnswers } from './endedNightAnswers';
export { answerQuestion, type Answer, type QuestionName } from './questions';
export { changedPayDetails, nightPayees, payDirectory, publicRoster } from './payments';
export { nightTransfers } from './tab';
export { mergeProblem, type PlayerMerge } from './aliases';
export { listNights } from './nightsList';
export { playerAlias } from './aliases';
export { standings } from './standings';
export { tabOf } from './tab';
