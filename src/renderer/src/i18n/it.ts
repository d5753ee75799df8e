import type { Translation } from './messages';

const it: Translation = {};

export default it;
