/**
 * Player colours and initials as the screens show them. The roster carries
 * both (main keeps them); these helpers only pick what to offer the host and
 * what to draw when a player is no longer on the roster.
 */

/** Colours that stay distinct on the dark console and on the green felt. */
export const PALETTE = [
  '#f2c14e',
  '#5fd38d',
  '#6aa7ff',
  '#ff7a7a',
  '#c58cff',
  '#4fd1d9',
  '#ff9f43',
  '#f78fb3',
  '#a3e048',
  '#e0e0e0',
  '#d4a373',
  '#8c9eff',
] as const;

/** A stable colour for an id the roster does not know (e.g. a player missing from an old backup). */
export function fallbackColour(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

/** The palette colour `delta` steps from `current` (wrapping); an off-palette colour starts at the first. */
export function stepColour(current: string, delta: number): string {
  const at = PALETTE.indexOf(current.toLowerCase() as (typeof PALETTE)[number]);
  const from = at < 0 ? (delta > 0 ? -1 : 0) : at;
  const next = (((from + delta) % PALETTE.length) + PALETTE.length) % PALETTE.length;
  return PALETTE[next] ?? PALETTE[0];
}

/** "Ana Lopez" -> "AL", "leo" -> "LE": what the host gets before typing their own. */
export function initialsFrom(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const letters = words.length === 1 ? [...(words[0] ?? '')].slice(0, 2) : words.slice(0, 3).map((w) => [...w][0] ?? '');
  return letters.join('').toLocaleUpperCase();
}

export function isHexColour(text: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(text);
}

/** Black or white text on a player's colour, whichever reads better. */
export function inkOn(colour: string): '#111111' | '#ffffff' {
  if (!isHexColour(colour)) return '#111111';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.45 ? '#111111' : '#ffffff';
}
