import type { ExportedRecord } from './export';
import { chainedJournal, signatureLine, type JournalLine, type RecordSignature } from './format';
import type { PlayedNight } from './play';
import { recordStatement, type LaptopSigner } from './signature';

/**
 * A night's record as it leaves the laptop that wrote it (RULES.md R35, docs/group.md "Signed nights"): every line
 * chained to the one before and the writer's signature of the whole night last. The group's shared copy and the
 * `record` of an export (export.ts) are this same text, so a stranger holding an export checks exactly what the group
 * checked. Only an ended night is signed this way: its seeds are all revealed (R12), so the text hides nothing.
 */
export function signedJournalText(
  nightId: string,
  lines: readonly JournalLine[],
  signer: LaptopSigner | undefined,
  earlierHolders: readonly RecordSignature[] = [],
): string {
  const { text: chained, head } = chainedJournal(nightId, lines);
  const text = withEarlierHolders(chained, earlierHolders);
  if (!signer || lines.length === 0) return text;
  const sig = signer.sign(recordStatement(nightId, signer.laptopId, lines.length, head));
  return text + signatureLine({ laptop: signer.laptopId, key: signer.publicKey, lines: lines.length, head, sig });
}

/**
 * R35: a night that moved keeps, right after the last line each earlier holder wrote, that holder's signature of it,
 * so whoever checks the record knows which laptop wrote which lines (the last holder's signature covers the rest).
 */
function withEarlierHolders(text: string, earlierHolders: readonly RecordSignature[]): string {
  if (earlierHolders.length === 0) return text;
  const rows = text.split('\n');
  // rows[0] is the header, rows[n] the n-th command line; the signature of the first n lines goes after rows[n].
  for (const signed of [...earlierHolders].sort((a, b) => b.lines - a.lines))
    if (signed.lines < rows.length - 1) rows.splice(signed.lines + 1, 0, signatureLine(signed).replace(/\n$/, ''));
  return rows.join('\n');
}

/**
 * The `record` of an export (R35) of a night this laptop wrote: its signed journal and this laptop, named as the group
 * knows it. Null without a signer, and for a night not ended: its seeds in play stay secret (R12).
 */
export function ownRecord(
  night: Pick<PlayedNight, 'state' | 'entries' | 'earlierHolders'>,
  signer: LaptopSigner | undefined,
  name: string,
  nameOf: (laptopId: string) => string = (laptopId) => laptopId,
): ExportedRecord | null {
  if (!signer || night.state.phase.kind !== 'ended' || night.entries.length === 0) return null;
  const earlier = night.earlierHolders ?? [];
  const laptops = new Map(earlier.map((s) => [`${s.laptop} ${s.key}`, { laptopId: s.laptop, name: nameOf(s.laptop), publicKey: s.key }]));
  laptops.set(`${signer.laptopId} ${signer.publicKey}`, { laptopId: signer.laptopId, name, publicKey: signer.publicKey });
  return { journal: signedJournalText(night.state.nightId, night.entries, signer, earlier), laptops: [...laptops.values()] };
}
