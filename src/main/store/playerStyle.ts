/**
 * How a roster player looks on the table and in charts when the host has not
 * chosen: a colour from a fixed palette (by position, so the same roster
 * always gets the same colours) and initials from the name.
 */

/** Twelve colours that stay apart from each other on a dark TV and in a line chart. */
const PLAYER_PALETTE = [
  '#e6194b',
  '#3cb44b',
  '#ffe119',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#42d4f4',
  '#f032e6',
  '#bfef45',
  '#fabed4',
  '#469990',
  '#dcbeff',
] as const;

/** The palette colour for the player at `position` (0-based), wrapping after twelve. */
export function paletteColour(position: number): string {
  return PLAYER_PALETTE[((position % PLAYER_PALETTE.length) + PLAYER_PALETTE.length) % PLAYER_PALETTE.length] as string;
}

/**
 * Up to two letters: the first letters of the first and last words ("Ana
 * Lopez" -> "AL"), or the first two letters of a single word ("Leo" -> "LE").
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const letters = (word: string) => [...word].filter((c) => /\p{L}|\p{N}/u.test(c));
  const first = letters(words[0] ?? '');
  if (words.length > 1) {
    const last = letters(words[words.length - 1] ?? '');
    const pair = (first[0] ?? '') + (last[0] ?? '');
    if (pair.length > 0) return pair.toUpperCase();
  }
  const single = first.slice(0, 2).join('');
  return single.length > 0 ? single.toUpperCase() : '?';
}
