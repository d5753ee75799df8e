/**
 * How wide a name sets in the TV's bold type, in ems, estimated from its
 * characters and never under: the TV writes every name whole and sizes its
 * type to the room with it (CSS divides the room by it), down to its smallest
 * type; only a name too wide even then ends in an ellipsis (e2e/browser/layoutAudit.ts).
 * The phone, narrower, cuts a long name by its characters (phoneName).
 */

/** The names the phone keeps whole: up to this many characters (an emoji or a CJK character counts as one). */
const WHOLE_NAME_GRAPHEMES = 12;
/** Up to this many players the TV gives a wide name a second line before any ellipsis. */
export const WHOLE_NAME_PLAYERS = 8;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** @internal exported for tests only: a name's characters as the eye counts them (an emoji or a CJK character is one). */
export function graphemesOf(name: string): string[] {
  return [...segmenter.segment(name)].map((s) => s.segment);
}

const EMOJI = /\p{Extended_Pictographic}/u;
const WIDE = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** One character's width in ems of a bold sans-serif, rounded up from DejaVu Sans Bold and Segoe UI Bold. */
function emsOf(grapheme: string): number {
  if (EMOJI.test(grapheme)) return 1.3;
  if (WIDE.test(grapheme)) return 1.05;
  // The ellipsis phoneName ends a cut name with: three dots across a whole em in DejaVu Sans Bold.
  if (grapheme === '…') return 1;
  const base = grapheme.normalize('NFD')[0] ?? grapheme;
  if (/[WMŒÆ]/.test(base)) return 1.12;
  if (/[A-Z]/.test(base) || /\p{Lu}/u.test(base)) return 0.86;
  if (/[mw]/.test(base)) return 0.98;
  if (/\s/.test(base)) return 0.36;
  if (/[iljft.,'’:;!|]/.test(base)) return 0.42;
  return 0.72;
}

export function nameEms(name: string): number {
  return graphemesOf(name).reduce((sum, g) => sum + emsOf(g), 0);
}

/**
 * A name as the phone writes it (its list, banner, results): up to 12
 * characters whole, a longer one cut to 11 and "…", the same way on each of
 * its screens, so a player knows it for the same person on a narrow screen.
 */
export function phoneName(name: string): string {
  const graphemes = graphemesOf(name);
  if (graphemes.length <= WHOLE_NAME_GRAPHEMES) return name;
  return `${graphemes
    .slice(0, WHOLE_NAME_GRAPHEMES - 1)
    .join('')
    .trimEnd()}…`;
}

/** Of a cut name that would look like another's, this many characters are kept from its start and this many from its end. */
const HEAD_GRAPHEMES = 5;
const TAIL_GRAPHEMES = WHOLE_NAME_GRAPHEMES - 1 - HEAD_GRAPHEMES;

/**
 * The names of one table (its roster and tonight's players) as the phone
 * writes them: each as phoneName does, except where two would then look alike
 * ("Christopher Smith" and "Christopher Jones" both "Christopher…"): those
 * keep their start and their end instead ("Chris…Smith", "Chris…Jones"),
 * 12 characters as before, so the table never takes one player for another.
 * Two names alike at both ends as well are left as phoneName cuts them.
 */
export function phoneNamesAmong(names: Iterable<string>): Map<string, string> {
  const byShown = new Map<string, string[]>();
  for (const name of new Set(names)) {
    const shown = phoneName(name);
    const alike = byShown.get(shown);
    if (alike) alike.push(name);
    else byShown.set(shown, [name]);
  }
  const written = new Map<string, string>();
  for (const [shown, alike] of byShown) {
    const apart = alike.length > 1 ? alike.map(endsKept) : null;
    const told = apart !== null && new Set(apart).size === alike.length;
    alike.forEach((name, i) => written.set(name, told ? (apart[i] as string) : shown));
  }
  return written;
}

/** A long name's first and last characters either side of "…", as many as phoneName keeps. */
function endsKept(name: string): string {
  const graphemes = graphemesOf(name);
  if (graphemes.length <= WHOLE_NAME_GRAPHEMES) return name;
  const head = graphemes.slice(0, HEAD_GRAPHEMES).join('').trimEnd();
  const tail = graphemes.slice(-TAIL_GRAPHEMES).join('').trimStart();
  return `${head}…${tail}`;
}

/** The widest of some names, in ems (at least 4, so that short names keep the usual size). */
export function widestShownName(shown: readonly string[]): number {
  return Math.max(4, ...shown.map(nameEms));
}
