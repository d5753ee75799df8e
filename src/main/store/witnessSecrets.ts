import { sealedSeedSchema } from '../night';
import type { JournalFiles } from './journalFiles';
import type { SeedSeal } from './seedSeal';

/**
 * The laptop's chain secret of a night whose cards the table draws
 * (docs/rules.md R34, docs/table-draw.md), kept beside the night's journal
 * for a restart. It is sealed like the seed of a deck in play (seedSeal.ts,
 * same key, its sha256 as associated data): with no phone helping, whoever
 * read it in plain could work out every card to come, which is what the
 * sealed seed of `cards: deck` prevents (docs/rules.md, "What a person at
 * the laptop can learn").
 */
export class WitnessSecrets {
  constructor(
    private readonly journals: JournalFiles,
    private readonly seal: SeedSeal,
  ) {}

  write(nightId: string, secretHex: string): void {
    this.journals.writeWitnessFile(nightId, JSON.stringify(this.seal.seal(secretHex)));
  }

  /** The secret in plain, or undefined when none was kept; throws, saying why, when it is there but cannot be opened. */
  read(nightId: string): string | undefined {
    const text = this.journals.readWitnessFile(nightId);
    if (text === undefined) return undefined;
    let sealed: unknown;
    try {
      sealed = JSON.parse(text);
    } catch (error) {
      throw new Error(`the laptop's chain for night ${nightId} is damaged (not a sealed secret)`, { cause: error });
    }
    const parsed = sealedSeedSchema.safeParse(sealed);
    if (!parsed.success) throw new Error(`the laptop's chain for night ${nightId} is damaged (not a sealed secret)`);
    try {
      return this.seal.open(parsed.data);
    } catch (error) {
      throw new Error(`the laptop's chain for night ${nightId} is sealed and ${(error as Error).message}`, { cause: error });
    }
  }
}
