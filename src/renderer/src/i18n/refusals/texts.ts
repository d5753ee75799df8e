import type { CommandErrorCode } from '../../../../shared';

/**
 * One language's words for every refusal main can send, keyed by its code
 * (src/shared/errors.ts). A Record, so a new code cannot be added without its
 * text in each of the four languages: the build fails until it has them.
 * Parameters main sends (`{player}`, `{ante}`...) are filled in. Main's own
 * English `message` is for logs and the CLI; the console always shows these.
 */
export type RefusalTexts = Record<CommandErrorCode, string>;
