import fs from 'node:fs';
import { chainStart, hashOfLine, type JournalLine, type RecordSignature } from '../night';

/**
 * The open night's journal as this laptop holds it, read as it grows (R35,
 * the live copy): its header, each command line's exact text and the chain
 * hash after it. Read out of turn with the commands, and safely: the
 * journal only grows by whole lines written and synced before the command
 * is answered (store/journalFiles.ts), and a journal written whole anew
 * (repaired, migrated) is a new file, which is read again from its start.
 * Signature lines are not lines of the chain: they are skipped.
 */
export class JournalTail {
  header: string | null = null;
  readonly lines: string[] = [];
  readonly heads: string[] = [];
  /** R35: each earlier writer's signature in the journal, of the lines before the take-over naming it (`lines`, `head`). */
  readonly signatures: RecordSignature[] = [];
  /**
   * R35: every signature line of the journal that signs the chain where it stands (the copy this laptop took the night
   * over from kept one after each batch of its holder's): what a copy far behind gets that holder's lines with
   * (store/liveCopyRelay.ts).
   */
  readonly relayPoints: RecordSignature[] = [];
  /** R35: each take-over line of the night: the laptop taken from, the line it goes on from and that line's chain hash. */
  readonly takeOvers: { from: string; line: number; hash: string }[] = [];
  /** Signatures after the last line read, waiting for the next line to say whether they end an epoch. */
  readonly #pending: RecordSignature[] = [];
  #bytes = 0;
  #inode = -1;
  #head: string;

  constructor(
    readonly nightId: string,
    readonly path: string,
  ) {
    this.#head = chainStart(nightId);
  }

  /** Reads what was added since the last read; true when lines were added (or the file was new and read again). */
  read(): boolean {
    let fd: number;
    try {
      fd = fs.openSync(this.path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const stat = fs.fstatSync(fd);
      if (stat.ino !== this.#inode || stat.size < this.#bytes) this.restart(stat.ino);
      if (stat.size === this.#bytes) return false;
      const buffer = Buffer.alloc(stat.size - this.#bytes);
      let read = 0;
      while (read < buffer.length) {
        const got = fs.readSync(fd, buffer, read, buffer.length - read, this.#bytes + read);
        if (got === 0) break;
        read += got;
      }
      const end = buffer.lastIndexOf(0x0a, read - 1);
      if (end < 0) return false;
      const before = this.lines.length;
      for (const text of buffer.subarray(0, end).toString('utf8').split('\n')) this.take(text);
      this.#bytes += end + 1;
      return this.lines.length !== before;
    } finally {
      fs.closeSync(fd);
    }
  }

  private restart(inode: number): void {
    this.#inode = inode;
    this.#bytes = 0;
    this.header = null;
    this.lines.length = 0;
    this.heads.length = 0;
    this.signatures.length = 0;
    this.relayPoints.length = 0;
    this.takeOvers.length = 0;
    this.#pending.length = 0;
    this.#head = chainStart(this.nightId);
  }

  private take(text: string): void {
    if (this.header === null) {
      this.header = text;
      return;
    }
    if (text.startsWith('{"signed"')) {
      const { signed } = JSON.parse(text) as { signed: RecordSignature };
      // Only one that signs the chain where it stands goes anywhere: the copy would refuse any other.
      if (signed.lines !== this.lines.length || signed.head !== this.#head) return;
      this.#pending.push(signed);
      this.relayPoints.push(signed);
      return;
    }
    const { prev: _prev, ...facts } = JSON.parse(text) as JournalLine & { prev?: string };
    // R35: a writer's signature of its epoch is the one right before the take-over naming it; the signatures of each
    // batch the copy took before it say nothing more, and stay here.
    const command = facts.command as { type: string; from?: string };
    if (command.type === 'take-over') {
      this.signatures.push(...this.#pending.filter((s) => s.laptop === command.from).slice(-1));
      // Where it stands in the chain as read here (what a copy ahead of it checks its own line against).
      this.takeOvers.push({ from: String(command.from), line: this.lines.length, hash: this.#head });
    }
    this.#pending.length = 0;
    this.#head = hashOfLine(this.#head, facts);
    this.lines.push(text);
    this.heads.push(this.#head);
  }
}
