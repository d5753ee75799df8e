/**
 * A sentence ends with one full stop even when the name before it already
 * has one ("Press Enter to deal to Bob Jr.." reads "… Bob Jr."): a full
 * stop right after a stop, a question or an exclamation mark (or an
 * ellipsis) goes.
 */
export function oneFullStop(text: string): string {
  return text.replace(/([.!?…])\.(?=\s|$)/g, '$1');
}

/** Sentences read one after another, each ending once: "Good luck! Everyone antes 1", never "luck!. Everyone". */
export function joinSentences(sentences: readonly string[]): string {
  return oneFullStop(sentences.join('. '));
}
