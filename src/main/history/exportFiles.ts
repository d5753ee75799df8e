import type { ExportFile, PayDetails, SettleMode } from '../../shared';
import { exportNight, type ExportedRecord, type NightExport, type PlayedNight } from '../night';
import { ledgerCsv } from './ledgerCsv';
import { nightTransferId } from './tab';

/**
 * A night as the `in-between-night/5` JSON export (the simulator's format) or
 * its ledger as CSV. `payDetailsOf` only when the host asked for the payees'
 * payment details: the JSON then names how each party owed likes to be paid.
 * `record`: the night's signed record (R35), made by the caller (questions.ts
 * `recordOf`); null for an unsigned export.
 */
export function nightExportFile(
  night: PlayedNight,
  format: 'json' | 'csv',
  paidTransfers: ReadonlySet<string> = new Set(),
  mode: SettleMode = 'fewest',
  payDetailsOf?: (party: string) => PayDetails | undefined,
  record: ExportedRecord | null = null,
): ExportFile {
  const id = night.state.nightId;
  const isPaid = (t: { from: string; to: string }) => paidTransfers.has(nightTransferId(id, t.from, t.to));
  if (format === 'json') {
    return {
      fileName: `in-between-night-${id}.json`,
      mimeType: 'application/json',
      content: `${JSON.stringify(withPayees(exportNight(night, isPaid, mode, record), payDetailsOf), undefined, 2)}\n`,
    };
  }
  const names = new Map(night.state.players.map((p) => [p.id, p.name]));
  return { fileName: `in-between-ledger-${id}.csv`, mimeType: 'text/csv', content: ledgerCsv(night.ledger.entries, names) };
}

function withPayees(exported: NightExport, payDetailsOf: ((party: string) => PayDetails | undefined) | undefined): NightExport {
  if (!payDetailsOf) return exported;
  const payees: Record<string, PayDetails> = {};
  for (const t of exported.settlement?.transfers ?? []) {
    const details = payDetailsOf(t.to);
    if (details) payees[t.to] = details;
  }
  return { ...exported, payees };
}
