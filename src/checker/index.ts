export { checkNight, formatFinding, type Finding } from './checkNight';
