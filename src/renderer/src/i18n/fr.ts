import type { Translation } from './messages';

const fr: Translation = {};

export default fr;
