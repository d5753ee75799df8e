import type { Transfer } from './settlement';

/**
 * The running tab across nights (docs/rules.md M3): the transfers of past nights
 * still unpaid, netted, each tab transfer saying which nights it comes from
 * and which night transfers it covers. Pure.
 */

/** A transfer of one night's settling up, with its paid mark. */
export interface NightTransfer extends Transfer {
  /** Unique across nights, e.g. `<nightId>/<n>`. */
  id: string;
  nightId: string;
  paid: boolean;
}

export interface TabTransfer extends Transfer {
  /** The nights its night transfers come from, oldest first (in the order the transfers were given). */
  nights: string[];
  /** The unpaid night transfers it stands for: paying it pays exactly these. */
  covers: string[];
}

interface Edge {
  from: string;
  to: string;
  amount: number;
  covers: string[];
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Adds a directed amount to the pair's net edge, netting it against the other direction. */
function addToPair(edges: Map<string, Edge>, from: string, to: string, amount: number, covers: readonly string[]): void {
  const key = pairKey(from, to);
  const edge = edges.get(key);
  if (!edge) {
    edges.set(key, { from, to, amount, covers: [...covers] });
    return;
  }
  const signed = (edge.from === from ? edge.amount : -edge.amount) + amount;
  edges.set(
    key,
    signed >= 0
      ? { from, to, amount: signed, covers: [...edge.covers, ...covers] }
      : { from: to, to: from, amount: -signed, covers: [...edge.covers, ...covers] },
  );
}

/**
 * The tab: the unpaid night transfers netted so that each tab transfer
 * covers whole night transfers, exactly. Debts between the same two parties
 * are netted into one transfer (never two between the same pair), and a debt
 * passed on unchanged (A owes B what B owes C) goes straight from A to C.
 * Paying a tab transfer therefore pays exactly the night transfers it covers
 * and leaves the rest of the tab as it was. Night transfers that cancel out
 * completely (A owes B and B owes A the same) show no tab transfer.
 */
export function runningTab(transfers: readonly NightTransfer[]): TabTransfer[] {
  const nightOrder = new Map<string, number>();
  const nightOf = new Map<string, string>();
  for (const t of transfers) {
    if (!nightOrder.has(t.nightId)) nightOrder.set(t.nightId, nightOrder.size);
    nightOf.set(t.id, t.nightId);
  }
  const edges = new Map<string, Edge>();
  for (const t of transfers) if (!t.paid) addToPair(edges, t.from, t.to, t.amount, [t.id]);
  for (let merged = true; merged;) {
    merged = false;
    const live = [...edges.values()].filter((e) => e.amount > 0).sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
    for (const first of live) {
      const next = live.find((e) => e !== first && e.from === first.to && e.to !== first.from && e.amount === first.amount);
      if (!next) continue;
      edges.delete(pairKey(first.from, first.to));
      edges.delete(pairKey(next.from, next.to));
      addToPair(edges, first.from, next.to, first.amount, [...first.covers, ...next.covers]);
      merged = true;
      break;
    }
  }
  return [...edges.values()]
    .filter((e) => e.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.from.localeCompare(b.from) || a.to.localeCompare(b.to))
    .map((e) => {
      const nights = [...new Set(e.covers.map((id) => nightOf.get(id) as string))].sort(
        (a, b) => (nightOrder.get(a) ?? 0) - (nightOrder.get(b) ?? 0),
      );
      return { from: e.from, to: e.to, amount: e.amount, nights, covers: [...e.covers].sort() };
    });
}

/**
 * The night transfers with the given ones marked paid or unpaid; unknown ids are refused.
 * @internal exported for tests only
 */
export function markTransfers(transfers: readonly NightTransfer[], ids: readonly string[], paid: boolean): NightTransfer[] {
  const known = new Set(transfers.map((t) => t.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw new RangeError(`there is no night transfer ${unknown}`);
  const marked = new Set(ids);
  return transfers.map((t) => (marked.has(t.id) ? { ...t, paid } : t));
}

/**
 * Marking a tab transfer paid marks the night transfers it covers (M3).
 * @internal exported for tests only
 */
export function markTabTransferPaid(transfers: readonly NightTransfer[], tabTransfer: Pick<TabTransfer, 'covers'>): NightTransfer[] {
  return markTransfers(transfers, tabTransfer.covers, true);
}
