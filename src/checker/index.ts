export { checkNight, formatFinding, recordWriters, /** @internal */ type Finding } from './checkNight';
