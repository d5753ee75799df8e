import { z } from 'zod';
import type { ApiResult, CommandError, ExportFile } from '../../../shared';
import { isCardCode, type CardCode } from '../../../shared/cards';
import { hexOf, isWitnessId } from '../../../shared/tableDraw';
import { tableDrawProblems } from '../../../shared/tableDrawCheck';
import type { StorageLike } from './me';
import { PhoneWitness, secureRandom } from './witness';

/**
 * "Check this night" on a phone for a night whose cards the table drew
 * (docs/rules.md R34): the night's export recomputed in the page, with no
 * word from the laptop taken on trust: every commitment, every chain link,
 * every r and every card (src/shared/tableDrawCheck.ts), each card against
 * the one the table turned, and which draws this phone's own values went
 * into, each one a value of its own chain. Loaded only when the button is
 * pressed, so the phone's first load does not carry it.
 */

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const witnessId = z.string().regex(/^[0-9a-f]{16}$/);
const card = z.string().refine(isCardCode, 'a card code') as unknown as z.ZodType<CardCode>;

/** What the check reads of an export (docs/export-format.md); the rest of the file is the night checker's. */
const tableNightSchema = z.object({
  night: z.object({ id: z.string().min(1) }),
  draw: z.array(z.object({ card })),
  turns: z.array(z.object({ cards: z.array(z.object({ card })) })),
  table: z.object({
    shoes: z.array(
      z.object({
        id: z.string(),
        decks: z.number().int().min(1),
        renewed: z.boolean(),
        heads: z.array(z.object({ id: witnessId, head: hex64 })),
        fingerprint: hex64,
      }),
    ),
    draws: z.array(
      z.object({
        k: z.number().int().positive(),
        shoe: z.string(),
        reveals: z.array(z.object({ id: witnessId, value: hex64 })),
        missing: z.array(witnessId),
        r: hex64,
        j: z.number().int().min(0),
        card,
      }),
    ),
  }),
});

/**
 * This phone as a witness of the night: its id and its chain (element i is the i-th value it may reveal).
 * @internal exported for tests only
 */
export interface OwnChain {
  id: string;
  links: readonly string[];
}

export interface TableCheck {
  /** Cards drawn in the night. */
  draws: number;
  /** Draws this phone's values went into (null: this phone did not help deal this night, or no longer has its chain). */
  mine: number | null;
  /** Everything that does not check, one line each (English, as the night checker words them); empty when all is right. */
  problems: string[];
}

/**
 * Recomputes the table's draws of `exported` (a night export, as JSON), and counts the draws `own` went into.
 * @internal exported for tests only
 */
export function checkTableNight(exported: unknown, own: OwnChain | null): TableCheck {
  const parsed = tableNightSchema.safeParse(exported);
  if (!parsed.success) return { draws: 0, mine: null, problems: ['this is not the export of a night whose cards the table drew'] };
  const { night, draw, turns, table } = parsed.data;
  const turned = [...draw.map((c) => c.card), ...turns.flatMap((t) => t.cards.map((c) => c.card))];
  const problems = tableDrawProblems(night.id, table, turned);
  const mine = own ? ownProblemsAndCount(table.draws, own, problems) : null;
  return { draws: table.draws.length, mine, problems };
}

/**
 * R34 "a witness checks that its own reveals were used": each value recorded
 * under this phone's id must be the next value of its own chain, in order.
 * Returns how many draws they went into; what is wrong goes to `problems`.
 */
function ownProblemsAndCount(draws: z.infer<typeof tableNightSchema>['table']['draws'], own: OwnChain, problems: string[]): number | null {
  const position = new Map(own.links.map((link, i) => [link, i] as const));
  let last = 0;
  let count = 0;
  for (const draw of draws) {
    const reveal = draw.reveals.find((v) => v.id === own.id);
    if (!reveal) continue;
    const at = position.get(reveal.value);
    if (at === undefined || at <= last) {
      problems.push(`draw ${draw.k}: the value recorded as this phone's is not the next one of its chain`);
      continue;
    }
    last = at;
    count++;
  }
  const named = draws.some((d) => d.reveals.some((v) => v.id === own.id) || d.missing.includes(own.id));
  return named ? count : null;
}

/**
 * The id this phone asks with when it never helped deal: drawn once, kept, so asking again counts it once.
 * @internal exported for tests only
 */
export const CHECKER_STORAGE_KEY = 'in-between-dealer.phone.checker';

function checkerId(storage: StorageLike | null, random: (bytes: number) => Uint8Array): string {
  try {
    const kept = storage?.getItem(CHECKER_STORAGE_KEY);
    if (isWitnessId(kept)) return kept;
  } catch {
    /* drawn afresh below */
  }
  const drawn = hexOf(random(8));
  try {
    storage?.setItem(CHECKER_STORAGE_KEY, drawn);
  } catch {
    /* counted again next time, no harm */
  }
  return drawn;
}

/**
 * "Check this night" on the phone: the night's export fetched from the host
 * (asked as this phone's witness id when it helped deal, so the table counts
 * each phone once), then recomputed here with this phone's own chain.
 */
export async function checkNightOnPhone(
  nightId: string,
  fetchExport: (args: { nightId: string; checker: string }) => Promise<ApiResult<ExportFile>>,
  storage: StorageLike | null,
  random: (bytes: number) => Uint8Array = secureRandom,
): Promise<TableCheck | CommandError> {
  const own = PhoneWitness.kept(nightId, storage);
  const result = await fetchExport({ nightId, checker: own?.id ?? checkerId(storage, random) });
  if (!result.ok) return result.error;
  let exported: unknown;
  try {
    exported = JSON.parse(result.data?.content ?? '');
  } catch {
    exported = null;
  }
  return checkTableNight(exported, own ? { id: own.id, links: own.chain } : null);
}
