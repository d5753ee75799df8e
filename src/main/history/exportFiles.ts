import type { ExportFile } from '../../shared';
import { exportNight } from '../session/nightExport';
import { ledgerCsv } from './ledgerCsv';
import type { NightRecord } from './nightRecord';

/** A night as the `in-between-night/2` JSON export (the simulator's format) or its ledger as CSV. */
export function nightExportFile(night: NightRecord, format: 'json' | 'csv'): ExportFile {
  const { stored, events } = night;
  if (format === 'json') {
    return {
      fileName: `in-between-night-${stored.id}.json`,
      mimeType: 'application/json',
      content: `${JSON.stringify(exportNight(events, stored.ledger), undefined, 2)}\n`,
    };
  }
  const names = new Map<string, string>();
  for (const event of events) if (event.type === 'night-started') for (const p of event.players) names.set(p.id, p.name);
  return { fileName: `in-between-ledger-${stored.id}.csv`, mimeType: 'text/csv', content: ledgerCsv(stored.ledger, names) };
}
