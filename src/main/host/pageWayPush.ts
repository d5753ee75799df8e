import type { LanPairing } from '../group/pairing';
import type { GroupFilesPort } from '../session/domains/groupLanFiles';
import { PeerLink } from './peerLink';
import type { PageWay } from './phoneAccess';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"), the holding laptop's side: each paired
 * laptop holding a live copy of the open night is told how this laptop's pages get in, so that, should it take the
 * night over, it lets the same pages in without a new link: its phones (the phones' viewer token, port and LAN
 * addresses) and its TV (the headless host's table link), each apart. Told again whenever that changes: W off or a
 * new link tells it `phones: null` or the new token, and the old token opens nothing there either. Only laptops
 * holding the copy are told (liveCopyPush.ts knows which); the message goes through the group listener's door like
 * the night's lines (`groupPeerPhones`), never to a screen.
 */

/** A laptop told is told again after this many rounds though nothing changed (it may have restarted, and kept nothing). */
const AGAIN_EVERY_ROUNDS = 5;

/** How this laptop's pages get in now: each null when that kind of page cannot (phones off; no TV link, or a loopback one). */
export interface PageWays {
  phones: PageWay | null;
  tv: PageWay | null;
}

interface Told {
  /** What it was last told and took (night and ways), or null when not yet. */
  said: string | null;
  rounds: number;
  busy: boolean;
  link: PeerLink | null;
}

export interface PageWayPushOptions {
  pairing: LanPairing;
  files: GroupFilesPort;
  /** The ways in now (the phones' listener's, the TV link's). */
  ways: () => PageWays;
  /** The paired laptops holding a copy of the open night now. */
  holders: () => string[];
}

export class PageWayPush {
  private readonly told = new Map<string, Told>();
  private pending = false;
  private stopped = false;

  constructor(private readonly options: PageWayPushOptions) {}

  /** A way in may have changed (W, a new link, the network): told once this turn is over. */
  kick(): void {
    if (this.pending || this.stopped) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      this.round(false);
    });
  }

  /** Every holder of the copy told what it lacks; `again` (the group's loop, every second) counts towards a repeat. */
  round(again = true): void {
    if (this.stopped) return;
    const open = this.options.files.openNight();
    const signer = this.options.files.signer();
    if (!open || !signer) return;
    const holders = new Set(this.options.holders());
    // A laptop that holds no copy now (gone, or the night is new) is told from scratch when it holds one again.
    for (const [laptopId, told] of this.told) if (!holders.has(laptopId)) told.said = null;
    const ways = this.options.ways();
    for (const laptopId of holders) void this.tell(laptopId, open.nightId, signer.laptopId, ways, again);
  }

  forget(laptopId: string): void {
    this.told.get(laptopId)?.link?.close();
    this.told.delete(laptopId);
  }

  stop(): void {
    this.stopped = true;
    for (const told of this.told.values()) told.link?.close();
    this.told.clear();
  }

  private async tell(laptopId: string, nightId: string, me: string, ways: PageWays, again: boolean): Promise<void> {
    let told = this.told.get(laptopId);
    if (!told) {
      told = { said: null, rounds: 0, busy: false, link: null };
      this.told.set(laptopId, told);
    }
    const saying = sayingOf(nightId, ways);
    if (again) told.rounds++;
    // Never told anything, and no way in: nothing to take back.
    if (told.said === null && ways.phones === null && ways.tv === null && told.rounds < AGAIN_EVERY_ROUNDS) return;
    if (told.busy || (told.said === saying && told.rounds < AGAIN_EVERY_ROUNDS)) return;
    const peer = this.options.pairing.find(laptopId);
    if (!peer) return;
    told.busy = true;
    told.rounds = 0;
    try {
      const link = await this.linkTo(laptopId, told);
      if (!link) return;
      const answer = await link.request('groupPeerPhones', { laptop: me, key: peer.theirKey, nightId, phones: ways.phones, tv: ways.tv });
      told.said = answer.ok && answer.data.kept ? saying : null;
    } catch {
      told.link?.close();
      told.link = null;
      told.said = null;
    } finally {
      told.busy = false;
    }
    // Changed while it was being told: told again.
    if (!this.stopped && told.said !== null && told.said !== sayingOf(nightId, this.options.ways())) this.kick();
  }

  private async linkTo(laptopId: string, told: Told): Promise<PeerLink | null> {
    if (told.link?.open) return told.link;
    const peer = this.options.pairing.find(laptopId);
    for (const address of peer?.addresses ?? []) {
      try {
        told.link = await PeerLink.open(address, peer?.theirKey ?? '');
        return told.link;
      } catch {
        // The next address, if any.
      }
    }
    return null;
  }
}

/** One way in, in one string (`-`: none). */
function wayText(way: PageWay | null): string {
  return way ? `${way.token} ${way.port} ${way.addresses.join(',')}` : '-';
}

/** What a laptop is told, in one string: the night and the ways in, to tell only what changed. */
function sayingOf(nightId: string, ways: PageWays): string {
  return `${nightId} ${wayText(ways.phones)} ${wayText(ways.tv)}`;
}
