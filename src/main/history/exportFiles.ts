import type { ExportFile, SettleMode } from '../../shared';
import { exportNight, type PlayedNight } from '../night';
import { ledgerCsv } from './ledgerCsv';
import { nightTransferId } from './tab';

/** A night as the `in-between-night/2` JSON export (the simulator's format) or its ledger as CSV. */
export function nightExportFile(night: PlayedNight, format: 'json' | 'csv', paidTransfers: ReadonlySet<string> = new Set(), mode: SettleMode = 'fewest'): ExportFile {
  const id = night.state.nightId;
  const isPaid = (t: { from: string; to: string }) => paidTransfers.has(nightTransferId(id, t.from, t.to));
  if (format === 'json') {
    return {
      fileName: `in-between-night-${id}.json`,
      mimeType: 'application/json',
      content: `${JSON.stringify(exportNight(night, isPaid, mode), undefined, 2)}\n`,
    };
  }
  const names = new Map(night.state.players.map((p) => [p.id, p.name]));
  return { fileName: `in-between-ledger-${id}.csv`, mimeType: 'text/csv', content: ledgerCsv(night.ledger.entries, names) };
}
