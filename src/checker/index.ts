export { checkNight, formatFinding, /** @internal */ type Finding } from './checkNight';
