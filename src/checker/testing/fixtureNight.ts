import { Journal, laptop, type Laptop, type LineFacts } from './journal';

/**
 * Tests only: the signed night of record.test.ts (`fixtures/signed-night.json`) written again by hand, as a laptop
 * recording the cards each line turned (`shown`) would have written it, and, when asked, moved to a second laptop at a
 * line between two deals (R35): handed over there, or taken over from there (the deck in play then lost with the first
 * laptop, its seed sealed there). Chained and signed here with keys of the tests' own, listed in `record.laptops`.
 */
export interface Card {
  deck: string;
  card: string;
}
export interface FixtureExport {
  night: { id: string };
  draw: Card[];
  turns: { n: number; deal: number; bet: number | null; cards: Card[]; atLedger: number }[];
  decks: { id: string; seed: string | null; commitment: string; unrevealed?: string; shown?: string[] }[];
  hostActions: { kind: string; turnsBefore: number; atLedger: number; [key: string]: unknown }[];
  ledger: unknown[];
  record: { journal: string; laptops: { laptopId: string; name: string; publicKey: string }[] };
}

const first: Laptop = laptop('Simulated laptop', 7);
const second: Laptop = laptop('Second laptop', 8);

/** The fixture's night lines with the cards each turned: the draw's on the draw line, the posts where dealt, the third card on the bet. */
function linesWithShown(exp: FixtureExport): LineFacts[] {
  const turns = [...exp.turns].sort((a, b) => a.n - b.n);
  let turn = -1;
  let postsPending: string[] | null = null;
  const texts = exp.record.journal.split('\n').slice(1, -1);
  return texts.flatMap((text) => {
    const line = JSON.parse(text) as LineFacts & { [key: string]: unknown };
    if ('signed' in line) return [];
    const facts: LineFacts = { command: line.command, epoch: line.epoch as number };
    if (line.at !== undefined) facts.at = line.at;
    if (line.seeds) facts.seeds = line.seeds;
    const type = line.command.type;
    if (type === 'draw') facts.shown = exp.draw.map((c) => c.card);
    if (type === 'deal') {
      const t = turns[++turn];
      const cards = (t?.cards ?? []).map((c) => c.card);
      const posts = t?.bet !== null ? cards.slice(0, -1) : cards;
      // A deal that shuffles waits for the cut: the cut line turns the posts.
      if (line.seeds) postsPending = posts;
      else facts.shown = posts;
    }
    if (type === 'cut' && postsPending) [facts.shown, postsPending] = [postsPending, null];
    if (type === 'bet') facts.shown = (turns[turn]?.cards ?? []).slice(-1).map((c) => c.card);
    return [facts];
  });
}

export interface MoveAt {
  kind: 'hand-over' | 'take-over';
  /** The night line it follows (1 = the start line): a line that ends a deal. */
  after: number;
}

/**
 * The fixture (its text, as the test read it) with `shown`, signed by `first` alone, or moved to `second` as `move`
 * says; `change` edits a line's facts first.
 */
export function fixtureNight(
  fixture: string,
  move: MoveAt | null = null,
  change: (facts: LineFacts, index: number) => void = () => {},
): FixtureExport {
  const exp = JSON.parse(fixture) as FixtureExport;
  const lines = linesWithShown(exp);
  lines.forEach(change);
  const journal = new Journal(exp.night.id);
  if (!move) {
    for (const facts of lines) journal.add(facts);
    journal.sign(first);
  } else {
    const before = lines.slice(0, move.after);
    // The deck in play at the move: the last shuffled (a draw deck is retired by its own line), till the next shuffles.
    const seeded = before.flatMap((facts) => facts.seeds ?? []);
    const inPlay =
      seeded.length > 1 && !before.some((f, i) => f.command.type === 'end' && i >= lastSeedLine(before))
        ? exp.decks[seeded.length - 1]
        : undefined;
    if (move.kind === 'take-over' && inPlay) {
      // Lost with the first laptop: its seed stays sealed there, never revealed.
      const line = before[lastSeedLine(before)] as LineFacts;
      line.seeds = (line.seeds ?? []).map((s) =>
        typeof s === 'string' ? { commitment: inPlay.commitment, sealed: 'sealed on the lost laptop' } : s,
      );
      inPlay.seed = null;
      inPlay.unrevealed = 'unrevealed: its laptop was lost (R35)';
      inPlay.shown = [...exp.draw, ...exp.turns.flatMap((t) => t.cards)].filter((c) => c.deck === inPlay.id).map((c) => c.card);
    }
    for (const facts of before) journal.add(facts);
    if (move.kind === 'hand-over')
      journal.add({ command: { type: 'hand-over', to: second.laptopId }, ...(inPlay?.seed ? { revealed: [inPlay.seed] } : {}) });
    journal.sign(first);
    journal.takeOver(first);
    for (const facts of lines.slice(move.after)) journal.add({ ...facts, epoch: 2 });
    journal.sign(second);
  }
  exp.record = {
    journal: journal.text(),
    laptops: [first, ...(move ? [second] : [])].map(({ laptopId, name, publicKey }) => ({ laptopId, name, publicKey })),
  };
  return exp;
}

function lastSeedLine(lines: readonly LineFacts[]): number {
  return lines.findLastIndex((facts) => (facts.seeds ?? []).length > 0);
}
