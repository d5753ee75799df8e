/** Queries over past nights: read-only, from the nights index and the night files. */
export { BackupError, makeBackup, parseBackup } from './backup';
export { EndedNightAnswers } from './endedNightAnswers';
export { KeptBoard } from './keptBoard';
export { answerQuestion, type Answer, type QuestionName } from './questions';
export { changedPayDetails, nightPayees, payDirectory, publicRoster } from './payments';
export { nightTransfers } from './tab';
export { mergeProblem, type PlayerMerge } from './aliases';
export { /** @internal */ listNights } from './nightsList';
export { /** @internal */ playerAlias } from './aliases';
export { /** @internal */ standings } from './standings';
export { /** @internal */ tabOf } from './tab';
