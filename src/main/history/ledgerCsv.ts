import type { LedgerEntry } from '../../shared';

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const LEDGER_CSV_HEADER = ['seq', 'id', 'turn', 'code', 'player', 'player_name', 'from', 'to', 'amount', 'reverses'] as const;

/**
 * A night's chip ledger as CSV for a spreadsheet: a header, then one row per
 * entry in order, lines ending CRLF (RFC 4180). `names` gives each player's
 * name as played that night, next to their id.
 */
export function ledgerCsv(entries: readonly LedgerEntry[], names: ReadonlyMap<string, string>): string {
  const rows = entries.map((e) =>
    [e.seq, e.id, e.turn, e.code, e.player, e.player === null ? '' : (names.get(e.player) ?? ''), e.from, e.to, e.amount, e.reverses ?? '']
      .map(csvField)
      .join(','),
  );
  return [LEDGER_CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}
