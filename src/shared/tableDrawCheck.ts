import type { CardCode } from './cards';
import {
  commitmentOf,
  drawFromShoe,
  drawHash,
  freshShoe,
  LAPTOP_WITNESS,
  revealMatches,
  type WitnessHead,
  type WitnessReveal,
} from './tableDraw';

/**
 * Checks a night's cards drawn by the table (docs/rules.md R34) from what
 * its export records, as anyone can: every commitment's fingerprint, every
 * reveal against its witness's head (each chain link), every r, j and card,
 * and that every witness of a deal is named in each of its draws, revealing
 * or missing. Pure, for the night checker and the phone page alike.
 */

export interface RecordedShoe {
  id: string;
  decks: number;
  /** Started mid-deal (R13) by the deal's witnesses, with their heads as they then were. */
  renewed: boolean;
  heads: readonly WitnessHead[];
  fingerprint: string;
}

export interface RecordedDraw {
  k: number;
  shoe: string;
  reveals: readonly WitnessReveal[];
  missing: readonly string[];
  r: string;
  j: number;
  card: CardCode;
}

/** What is wrong with the recorded draws, one line each, in order; empty when every one checks. */
export function tableDrawProblems(
  nightId: string,
  record: { shoes: readonly RecordedShoe[]; draws: readonly RecordedDraw[] },
  /** The cards the table turned, in order (the draw for dealer, then every turn's), when known: each must be the card drawn. */
  cardsTurned?: readonly CardCode[],
): string[] {
  const problems: string[] = [];
  const shoes = new Map(record.shoes.map((shoe) => [shoe.id, shoe]));
  for (const shoe of record.shoes) {
    const { fingerprint } = commitmentOf(shoe.heads);
    if (fingerprint !== shoe.fingerprint)
      problems.push(`shoe ${shoe.id}: its heads give the fingerprint ${fingerprint}, not ${shoe.fingerprint}`);
  }
  /** The current deal's witnesses with their heads now. */
  let heads = new Map<string, string>();
  let shoeId: string | null = null;
  let remaining: CardCode[] = [];
  record.draws.forEach((draw, index) => {
    const where = `draw ${draw.k}`;
    if (draw.k !== index + 1) problems.push(`${where}: recorded as the night's draw ${index + 1}'s place (draws are numbered 1, 2, ...)`);
    if (draw.shoe !== shoeId) {
      const shoe = shoes.get(draw.shoe);
      if (!shoe) return problems.push(`${where}: from shoe ${draw.shoe}, which the record does not commit`);
      if (shoe.renewed && !sameHeads(heads, shoe.heads))
        problems.push(`shoe ${shoe.id}: renewed mid-deal with heads that are not the deal's witnesses' current ones`);
      heads = new Map(shoe.heads.map((w) => [w.id, w.head]));
      shoeId = shoe.id;
      remaining = freshShoe(shoe.decks);
    }
    const named = [...draw.reveals.map((v) => v.id), ...draw.missing];
    const unknown = named.filter((id) => !heads.has(id));
    const unnamed = [...heads.keys()].filter((id) => !named.includes(id));
    if (unknown.length > 0) problems.push(`${where}: ${unknown.join(', ')} did not commit to this deal`);
    if (unnamed.length > 0) problems.push(`${where}: witness ${unnamed.join(', ')} neither revealed nor is recorded missing`);
    if (new Set(named).size !== named.length) problems.push(`${where}: a witness is named twice`);
    if (draw.missing.includes(LAPTOP_WITNESS)) problems.push(`${where}: the laptop's value is never missing`);
    for (const { id, value } of draw.reveals) {
      const head = heads.get(id);
      if (head !== undefined && !revealMatches(head, value))
        problems.push(`${where}: the value revealed by ${id} does not hash to its head ${head.slice(0, 16)}...`);
      heads.set(id, value);
    }
    const r = drawHash(nightId, draw.k, draw.reveals);
    if (r !== draw.r) problems.push(`${where}: its reveals give r = ${r.slice(0, 16)}..., not ${draw.r.slice(0, 16)}...`);
    if (remaining.length === 0) return problems.push(`${where}: shoe ${draw.shoe} has no card left`);
    const drawn = drawFromShoe(remaining, r);
    if (drawn.j !== draw.j || drawn.card !== draw.card)
      problems.push(`${where}: r draws ${drawn.card} (j = ${drawn.j}), not ${draw.card} (j = ${draw.j})`);
    remaining = drawn.left;
    const turned = cardsTurned?.[index];
    if (cardsTurned && turned !== drawn.card)
      problems.push(`${where}: the table turned ${turned ?? 'no card'} where ${drawn.card} was drawn`);
    return undefined;
  });
  if (cardsTurned && cardsTurned.length > record.draws.length)
    problems.push(`${cardsTurned.length - record.draws.length} cards turned were never drawn`);
  return problems;
}

function sameHeads(current: ReadonlyMap<string, string>, committed: readonly WitnessHead[]): boolean {
  return committed.length === current.size && committed.every((w) => current.get(w.id) === w.head);
}
