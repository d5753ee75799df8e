import type { ExportedRecord } from './export';
import { chainedJournal, signatureLine, type JournalLine } from './format';
import type { PlayedNight } from './play';
import { recordStatement, type LaptopSigner } from './signature';

/**
 * A night's record as it leaves the laptop that wrote it (RULES.md R35, docs/group.md "Signed nights"): every line
 * chained to the one before and the writer's signature of the whole night last. The group's shared copy and the
 * `record` of an export (export.ts) are this same text, so a stranger holding an export checks exactly what the group
 * checked. Only an ended night is signed this way: its seeds are all revealed (R12), so the text hides nothing.
 */
export function signedJournalText(nightId: string, lines: readonly JournalLine[], signer: LaptopSigner | undefined): string {
  const { text, head } = chainedJournal(nightId, lines);
  if (!signer || lines.length === 0) return text;
  const sig = signer.sign(recordStatement(nightId, signer.laptopId, lines.length, head));
  return text + signatureLine({ laptop: signer.laptopId, key: signer.publicKey, lines: lines.length, head, sig });
}

/**
 * The `record` of an export (R35) of a night this laptop wrote: its signed journal and this laptop, named as the group
 * knows it. Null without a signer, and for a night not ended: its seeds in play stay secret (R12).
 */
export function ownRecord(
  night: Pick<PlayedNight, 'state' | 'entries'>,
  signer: LaptopSigner | undefined,
  name: string,
): ExportedRecord | null {
  if (!signer || night.state.phase.kind !== 'ended' || night.entries.length === 0) return null;
  return {
    journal: signedJournalText(night.state.nightId, night.entries, signer),
    laptops: [{ laptopId: signer.laptopId, name, publicKey: signer.publicKey }],
  };
}
