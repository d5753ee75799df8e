import type { Translation } from './messages';

const es: Translation = {};

export default es;
