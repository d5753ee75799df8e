import { bytesToHex, canonicalOrder, hexToBytes } from './cards';
import type { DeckInPlay } from './decks';
import type { Findings } from './findings';
import { sha256 } from './hash';
import type { CheckedExport } from './schema';
import { checkWhoWasAsked } from './witnesses';

/**
 * Cards drawn by the table (docs/rules.md R34), recomputed from the export
 * alone: every commitment's fingerprint, every reveal against its witness's
 * head (each chain link), every r, j and card, and that each draw names
 * every witness of its deal, revealing or missing. Each shoe is then handed
 * to the deck walk as a deck whose order is the cards drawn from it followed
 * by those it still held, so the turns' cards, the fresh shoe of each deal
 * and R13 and the odds (R25) are judged exactly as for a shuffled deck.
 */

const LAPTOP = '0000000000000000';
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const u32be = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n);
  return bytes;
};

const byId = <T extends { id: string }>(list: readonly T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** j in [0, m) from r exactly as R10 draws an integer. */
function indexFrom(r: Uint8Array, m: number): number {
  const limit = Math.floor(2 ** 32 / m) * m;
  for (let block = 0; ; block++) {
    const digest = sha256(concat([r, u32be(block)]));
    const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    for (let o = 0; o < 32; o += 4) {
      const x = view.getUint32(o);
      if (x < limit) return x % m;
    }
  }
}

/** How far down its chain a witness's head may be from the last value the record holds (values revealed too late to count). */
const MOST_LINKS_UNRECORDED = 4096;

/**
 * R34 *Chains that run out*: a witness's head in a deal's commitment goes
 * on from its chain as the record last knew it (the same value, or a few
 * links further down when a phone's late values were not used), unless the
 * commitment marks it as a new chain; the laptop's own head is exactly its
 * last value. A witness's first commitment links to nothing.
 */
function checkChainsGoOn(shoe: CheckedShoe, lastKnown: ReadonlyMap<string, string>, f: Findings): void {
  for (const w of shoe.heads) {
    const before = lastKnown.get(w.id);
    if (w.new || before === undefined || before === w.head) continue;
    // The laptop never misses a draw: its head is its last value exactly.
    let reached = false;
    let link = hexToBytes(w.head);
    for (let i = 0; w.id !== LAPTOP && i < MOST_LINKS_UNRECORDED && !reached; i++) {
      link = sha256(link);
      reached = bytesToHex(link) === before;
    }
    if (!reached)
      f.violation(
        'R34',
        null,
        `shoe ${shoe.id}: the head of ${w.id} going on from its chain (${before.slice(0, 16)}...), or marked new`,
        `head ${w.head.slice(0, 16)}...`,
      );
  }
}

type CheckedShoe = NonNullable<CheckedExport['table']>['shoes'][number];

export interface TableDecks {
  /** The shoes as the deck walk takes them, by id. */
  decks: Map<string, DeckInPlay>;
  /** The night with its shoes listed where decks are, for the walk's order checks. */
  night: CheckedExport;
}

export function checkTableDraws(night: CheckedExport, f: Findings): TableDecks {
  const table = night.table;
  const decks = new Map<string, DeckInPlay>();
  const asDecks = (table?.shoes ?? []).map((s) => ({
    id: s.id,
    purpose: s.purpose,
    decks: s.decks,
    commitment: s.fingerprint,
    seed: null,
    cut: null,
  }));
  if (!table) {
    f.violation('R34', null, 'the shoes and draws of a night whose cards the table drew', 'no table in the export');
    return { decks, night: { ...night, decks: asDecks } };
  }
  const shoes = new Map(table.shoes.map((s) => [s.id, s]));
  for (const shoe of table.shoes) {
    const fingerprint = bytesToHex(sha256(concat(byId(shoe.heads).flatMap((w) => [ascii(w.id), hexToBytes(w.head)]))));
    f.same('R34', null, `shoe ${shoe.id}: fingerprint of its heads`, fingerprint, shoe.fingerprint);
    if (!shoe.heads.some((w) => w.id === LAPTOP))
      f.violation('R34', null, `shoe ${shoe.id}: the laptop among its witnesses`, shoe.heads.map((w) => w.id).join(', '));
    // R34 *A lost chain*: a commitment made because the laptop could not reveal starts the laptop on a new chain.
    if (shoe.reason === 'laptop-chain-lost' && !shoe.heads.some((w) => w.id === LAPTOP && w.new))
      f.violation('R34', null, `shoe ${shoe.id}: made for a lost chain, with the laptop's head marked new`, 'the laptop head not new');
    const expectedCopies = shoe.purpose === 'draw' ? 1 : night.rules.decks;
    f.same('R1', null, `shoe ${shoe.id}: decks in it`, expectedCopies, shoe.decks);
  }
  const drawn = new Map<string, { drawn: string[]; left: string[] }>();
  let heads = new Map<string, string>();
  /** Every witness's head as last known over the night (committed, then each value it revealed), for the links between deals. */
  const lastKnown = new Map<string, string>();
  let current: string | null = null;
  table.draws.forEach((draw, index) => {
    const what = `draw ${draw.k}`;
    f.same('R34', null, `${what}: the night's draw number`, index + 1, draw.k);
    const shoe = shoes.get(draw.shoe);
    if (!shoe) return f.violation('R34', null, `${what} from a committed shoe`, `shoe ${draw.shoe}`);
    if (draw.shoe !== current) {
      if (shoe.renewed)
        f.same(
          'R34',
          null,
          `shoe ${shoe.id}: renewed with the deal's witnesses' current heads`,
          byId([...heads].map(([id, head]) => ({ id, head }))),
          byId(shoe.heads.map(({ id, head }) => ({ id, head }))),
        );
      else checkChainsGoOn(shoe, lastKnown, f);
      heads = new Map(shoe.heads.map((w) => [w.id, w.head]));
      for (const w of shoe.heads) lastKnown.set(w.id, w.head);
      current = shoe.id;
      drawn.set(shoe.id, { drawn: [], left: canonicalOrder(shoe.decks) });
    }
    const named = [...draw.reveals.map((v) => v.id), ...draw.missing];
    f.same('R34', null, `${what}: the deal's witnesses, each revealing or missing`, [...heads.keys()].sort(), [...named].sort());
    if (draw.missing.includes(LAPTOP)) f.violation('R34', null, `${what}: the laptop's value`, 'missing');
    for (const { id, value } of draw.reveals) {
      const head = heads.get(id);
      const link = bytesToHex(sha256(hexToBytes(value)));
      if (head !== undefined) f.same('R34', null, `${what}: sha256 of the value revealed by ${id}`, head, link);
      heads.set(id, value);
      lastKnown.set(id, value);
    }
    const r = sha256(
      concat([
        ascii('in-between/R34'),
        ascii(night.night.id),
        u32be(draw.k),
        ...byId(draw.reveals).flatMap((v) => [ascii(v.id), hexToBytes(v.value)]),
      ]),
    );
    f.same('R34', null, `${what}: r`, bytesToHex(r), draw.r);
    const state = drawn.get(shoe.id);
    if (!state || state.left.length === 0) return f.violation('R13', null, `${what}: a card left in shoe ${shoe.id}`, 'none');
    const j = indexFrom(r, state.left.length);
    const [card] = state.left.splice(j, 1);
    f.same('R34', null, `${what}: j and the card it picks`, `${j} ${card}`, `${draw.j} ${draw.card}`);
    state.drawn.push(card as string);
    return undefined;
  });
  checkWhoWasAsked(table, f);
  for (const shoe of table.shoes) {
    const state = drawn.get(shoe.id) ?? { drawn: [], left: canonicalOrder(shoe.decks) };
    decks.set(shoe.id, {
      id: shoe.id,
      purpose: shoe.purpose,
      order: [...state.drawn, ...state.left],
      size: 52 * shoe.decks,
      dealt: 0,
      replacesLostChain: shoe.reason === 'laptop-chain-lost',
    });
  }
  return { decks, night: { ...night, decks: asDecks } };
}
