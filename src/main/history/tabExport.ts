import type { ExportFile, RosterPlayer, RunningTab } from '../../shared';
import { minorToDecimal } from '../../shared/money';
import { BANK } from '../ledger';
import type { NightSummary } from '../store';
import { csvField } from './ledgerCsv';
import type { SettleModes } from './tab';

/**
 * The running tab as a file (M3, docs/export-format.md "The running tab"):
 * `in-between-tab/1` JSON with the netted tab, the nights it comes from and
 * every night transfer with its paid mark; or CSV with one row per tab
 * transfer, for a spreadsheet or a group chat. Made from the same answer
 * `getTab` gives, so the file cannot disagree with the tab screen.
 */
const TAB_EXPORT_FORMAT = 'in-between-tab/1';

const TAB_CSV_HEADER = ['from', 'from_name', 'to', 'to_name', 'amount_minor', 'amount', 'currency', 'nights'] as const;

export interface TabExportSource {
  tab: RunningTab;
  index: readonly NightSummary[];
  roster: readonly RosterPlayer[];
  modes: SettleModes;
  now: Date;
}

/** The currency every night on the tab used, else '' (a sum across currencies has none). */
function tabCurrency(nights: readonly NightSummary[]): string {
  const currencies = new Set(nights.map((n) => n.currency.trim()));
  return currencies.size === 1 ? ([...currencies][0] ?? '') : '';
}

export function tabExportFile(source: TabExportSource, format: 'json' | 'csv'): ExportFile {
  const { tab } = source;
  const onTab = new Set(tab.transfers.map((t) => t.nightId));
  const nights = source.index.filter((n) => onTab.has(n.id));
  const currency = tabCurrency(nights);
  const names = new Map(source.roster.map((p) => [p.id, p.name]));
  const nameOf = (id: string) => (id === BANK ? BANK : (names.get(id) ?? id));
  const stamp = source.now.toISOString().slice(0, 10);
  if (format === 'csv') {
    const rows = tab.tab.map((t) =>
      [t.from, nameOf(t.from), t.to, nameOf(t.to), t.amount, minorToDecimal(t.amount, currency), currency, t.nights.join(' ')]
        .map(csvField)
        .join(','),
    );
    return {
      fileName: `in-between-tab-${stamp}.csv`,
      mimeType: 'text/csv',
      content: [TAB_CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n',
    };
  }
  const parties = [...new Set(tab.transfers.flatMap((t) => [t.from, t.to]))].sort();
  const document = {
    format: TAB_EXPORT_FORMAT,
    exportedAt: source.now.toISOString(),
    currency,
    parties: Object.fromEntries(parties.map((id) => [id, nameOf(id)])),
    tab: tab.tab.map((t) => ({ from: t.from, to: t.to, amount: t.amount, nights: t.nights, covers: t.covers })),
    nights: nights.map((n) => ({ id: n.id, startedAt: n.startedAt, currency: n.currency, settleMode: source.modes[n.id] ?? 'fewest' })),
    transfers: tab.transfers.map((t) => ({ id: t.id, night: t.nightId, from: t.from, to: t.to, amount: t.amount, paid: t.paid })),
  };
  return { fileName: `in-between-tab-${stamp}.json`, mimeType: 'application/json', content: `${JSON.stringify(document, undefined, 2)}\n` };
}
