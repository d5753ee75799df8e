export type { GroupFilesPort } from '../session/domains/groupLanFiles';
import { PEER_FILES_PER_ASK, type ApiResult, type GroupFileEntry } from '../../shared';
import { MANIFEST_NAME } from '../group';
import type { LanPairing } from '../group/pairing';
import type { GroupFilesPort } from '../session/domains/groupLanFiles';
import { PeerLink } from './peerLink';

/** `not-paired` answers in a row before this laptop takes it that the other unpaired it. */
const REFUSALS_TO_FORGET = 3;

export interface SyncOptions {
  pairing: LanPairing;
  files: GroupFilesPort;
  everyMs: number;
  /** Told when what the console shows of the paired laptops changed. */
  onChange: () => void;
}

/**
 * Both ways, while both are on: every `everyMs`, each paired laptop is asked
 * which files it holds (every laptop's, so three laptops paired in a chain
 * all end up with everything); the files whose sha256 differs from what
 * this laptop holds are fetched, a batch at a time, and handed to the core
 * with their laptop's manifest. A manifest already handed over is not
 * fetched again. One round per paired laptop at a time.
 */
export class GroupLanSync {
  private readonly links = new Map<string, PeerLink>();
  private readonly running = new Map<string, Promise<void>>();
  /** Per paired laptop and laptop held there: the sha256 of the manifest last handed to the core. */
  private readonly handed = new Map<string, string>();
  private readonly refusals = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly options: SyncOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.syncAll(), this.options.everyMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const link of this.links.values()) link.close();
    this.links.clear();
  }

  async syncAll(): Promise<void> {
    if (this.options.files.identity().group === null) return;
    await Promise.all(this.options.pairing.list().map((peer) => this.syncPeer(peer.laptopId)));
  }

  /** One round with one paired laptop (the one already running, if any). */
  syncPeer(laptopId: string): Promise<void> {
    const running = this.running.get(laptopId);
    if (running) return running;
    const round = this.round(laptopId).finally(() => this.running.delete(laptopId));
    this.running.set(laptopId, round);
    return round;
  }

  dropLink(laptopId: string): void {
    this.links.get(laptopId)?.close();
    this.links.delete(laptopId);
  }

  private async round(laptopId: string): Promise<void> {
    const peer = this.options.pairing.find(laptopId);
    if (!peer || this.stopped) return;
    const me = this.options.files.identity().laptopId;
    const credential = { laptop: me, key: peer.theirKey };
    let link: PeerLink;
    try {
      link = await this.linkTo(laptopId);
    } catch {
      this.note(laptopId, 'unreachable');
      return;
    }
    try {
      const manifest = await link.request('groupPeerManifest', credential);
      if (!manifest.ok) {
        this.refused(laptopId, manifest);
        return;
      }
      this.refusals.delete(laptopId);
      for (const [of, listed] of Object.entries(manifest.data ?? {})) {
        if (of === me) continue;
        await this.take(link, credential, laptopId, of, listed);
      }
      this.note(laptopId, null);
    } catch {
      this.dropLink(laptopId);
      this.note(laptopId, 'unreachable');
    }
  }

  /** One laptop's files as the paired laptop holds them: what differs is fetched and handed to the core with its manifest. */
  private async take(
    link: PeerLink,
    credential: { laptop: string; key: string },
    peerId: string,
    of: string,
    listed: readonly GroupFileEntry[],
  ): Promise<void> {
    const theirManifest = listed.find((entry) => entry.path === MANIFEST_NAME);
    if (!theirManifest) return;
    const handedKey = `${peerId}\n${of}`;
    if (this.handed.get(handedKey) === theirManifest.sha256) return;
    const mine = new Map((this.options.files.held()[of] ?? []).map((entry) => [entry.path, entry.sha256]));
    if (mine.get(MANIFEST_NAME) === theirManifest.sha256) {
      this.handed.set(handedKey, theirManifest.sha256);
      return;
    }
    const wanted = [
      MANIFEST_NAME,
      ...listed.filter((entry) => entry.path !== MANIFEST_NAME && mine.get(entry.path) !== entry.sha256).map((e) => e.path),
    ];
    const files = new Map<string, Uint8Array>();
    while (wanted.length > 0) {
      const batch = wanted.slice(0, PEER_FILES_PER_ASK);
      const answer = await link.request('groupPeerFiles', { ...credential, of, paths: batch });
      if (!answer.ok) return;
      const got = answer.data?.files ?? {};
      for (const [path, base64] of Object.entries(got)) files.set(path, new Uint8Array(Buffer.from(base64, 'base64')));
      const received = batch.filter((path) => path in got);
      // Nothing of the batch came (gone since the manifest was read): the next round asks again.
      if (received.length === 0) break;
      wanted.splice(0, batch.length, ...batch.filter((path) => !(path in got)));
    }
    await this.options.files.receive(of, files);
    this.handed.set(handedKey, theirManifest.sha256);
  }

  /** The open link to a paired laptop, or a new one at the first of its addresses that answers. */
  private async linkTo(laptopId: string): Promise<PeerLink> {
    const held = this.links.get(laptopId);
    if (held?.open) return held;
    const peer = this.options.pairing.find(laptopId);
    if (!peer) throw new Error('not paired');
    let lastError: unknown = new Error('no address');
    for (const address of peer.addresses) {
      try {
        const link = await PeerLink.open(address, peer.theirKey);
        this.links.set(laptopId, link);
        this.options.pairing.reachedAt(laptopId, address);
        return link;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  /** The other laptop said this one is not paired with it: after a few in a row (not a race with a pairing), it is forgotten here too. */
  private refused(laptopId: string, answer: ApiResult<unknown>): void {
    if (answer.ok || answer.error.code !== 'not-paired') {
      this.note(laptopId, 'refused');
      return;
    }
    const count = (this.refusals.get(laptopId) ?? 0) + 1;
    this.refusals.set(laptopId, count);
    if (count < REFUSALS_TO_FORGET) {
      this.note(laptopId, 'refused');
      return;
    }
    this.refusals.delete(laptopId);
    this.dropLink(laptopId);
    this.options.pairing.forget(laptopId);
    this.options.onChange();
  }

  private note(laptopId: string, problem: 'unreachable' | 'refused' | null): void {
    if (this.options.pairing.find(laptopId) && this.options.pairing.noteSync(laptopId, problem)) this.options.onChange();
  }
}
