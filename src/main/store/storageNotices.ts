import type { StorageNotice, StorageNoticeKind } from '../../shared';

/** What a notice of some kinds knows besides its file: a journal cut short, the two data folders. */
export type NoticeFacts = Pick<StorageNotice, 'shortJournal' | 'dataFolders' | 'newLaptopId' | 'nightMoved' | 'copyCutBack'>;
import { copyAside, fileStamp, renameAside } from './fileAside';

/**
 * What the host is told about the data folder, and the files set aside that
 * it is told about. Notices stay until the host dismisses them: `persist`
 * keeps them (notices.json), so they survive a restart.
 */
export class StorageNotices {
  /** The notices the host has not dismissed, oldest first. */
  readonly list: StorageNotice[] = [];
  /** Numbers notices made within one millisecond apart. */
  #count = 0;

  constructor(
    private readonly now: () => Date,
    /** Best effort: a disk that refuses this small write must not stop the app; the notice still shows until a restart. */
    private readonly persist: (notices: readonly StorageNotice[]) => void,
  ) {}

  /**
   * Reports a storage problem to the host until dismissed. A notice still
   * shown is not repeated: the same kind about the same file (a file found
   * missing again at the next start), or the same words.
   */
  report(kind: StorageNoticeKind, file: string, reason: string, setAsideAs = '', facts: NoticeFacts = {}): void {
    const repeated = this.list.some((n) => n.kind === kind && n.file === file && (kind !== 'set-aside' || n.reason === reason));
    if (repeated) return;
    const at = this.now();
    const id = `${at.getTime().toString(36)}-${(this.#count++).toString(36)}`;
    this.list.push({ id, kind, file, setAsideAs, reason, at: at.toISOString(), ...facts });
    this.#save();
  }

  /** Forgets a notice the host has read; false when there is no such notice. */
  dismiss(id: string): boolean {
    const at = this.list.findIndex((n) => n.id === id);
    if (at < 0) return false;
    this.list.splice(at, 1);
    this.#save();
    return true;
  }

  /** The notice of a night whose journal was cut short and whose index line awaits the host's choice, if any. */
  shortJournalAwaitingChoice(nightId: string): StorageNotice | undefined {
    return this.list.find((n) => n.kind === 'short-journal' && n.shortJournal?.night === nightId && n.shortJournal.awaitsChoice);
  }

  /** Renames a bad file out of the way (never deletes it) and records why. */
  setAside(file: string, reason: string, why: 'corrupt' | 'taken-over' = 'corrupt', facts: NoticeFacts = {}): void {
    let target: string | null;
    try {
      target = renameAside(file, `.${why}-${fileStamp(this.now())}`);
    } catch (error) {
      // Still report it; the next save will replace the file, so say the copy was not kept.
      this.report('set-aside', file, `${reason}; it could not be set aside (${(error as Error).message})`);
      return;
    }
    this.report('set-aside', file, reason, target ?? '', facts);
  }

  /**
   * Copies a damaged file aside before it is replaced by what could be kept
   * of it, and records why; false (reported, the file left as it is) when
   * the copy cannot be made, so it must not be replaced.
   */
  copyAside(file: string, reason: string, kind: StorageNoticeKind = 'set-aside'): boolean {
    let target: string;
    try {
      target = copyAside(file, `.corrupt-${fileStamp(this.now())}`);
    } catch (error) {
      this.report(
        'set-aside',
        file,
        `${reason}; it could not be copied aside (${(error as Error).message}), so it was left as it is and not opened`,
      );
      return false;
    }
    this.report(kind, file, reason, target);
    return true;
  }

  /** A copy of a journal cut short, as found; '' when it could not be made (the notice still tells, with no copy to name). */
  copyShortJournal(file: string): string {
    try {
      return copyAside(file, `.short-${fileStamp(this.now())}`);
    } catch {
      return '';
    }
  }

  #save(): void {
    try {
      this.persist(this.list);
    } catch {
      // Already reported in memory; nothing more can be done about a disk that refuses writes.
    }
  }
}
