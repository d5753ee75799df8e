/**
 * A sentence ends with one full stop even when the name before it already
 * has one ("Press Enter to deal to Bob Jr.." reads "… Bob Jr."): a full
 * stop right after a stop, a question or an exclamation mark (or an
 * ellipsis) goes.
 */
export function oneFullStop(text: string): string {
  return text.replace(/([.!?…])\.(?=\s|$)/g, '$1');
}
