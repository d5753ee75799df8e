import type { ExportFile } from '../../shared';
import { exportNight, type PlayedNight } from '../night';
import { ledgerCsv } from './ledgerCsv';

/** A night as the `in-between-night/2` JSON export (the simulator's format) or its ledger as CSV. */
export function nightExportFile(night: PlayedNight, format: 'json' | 'csv'): ExportFile {
  const id = night.state.nightId;
  if (format === 'json') {
    return {
      fileName: `in-between-night-${id}.json`,
      mimeType: 'application/json',
      content: `${JSON.stringify(exportNight(night), undefined, 2)}\n`,
    };
  }
  const names = new Map(night.state.players.map((p) => [p.id, p.name]));
  return { fileName: `in-between-ledger-${id}.csv`, mimeType: 'text/csv', content: ledgerCsv(night.ledger.entries, names) };
}
