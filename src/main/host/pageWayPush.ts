import type { LanPairing } from '../group/pairing';
import type { GroupFilesPort } from '../session/domains/groupLanFiles';
import { PeerLinks } from './peerLinks';
import type { PageWay } from './phoneAccess';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"), the holding laptop's side: each paired
 * laptop holding a live copy of the open night is told how this laptop's pages get in, so that, should it take the
 * night over, it lets the same pages in without a new link: its phones (the phones' viewer token, port and LAN
 * addresses) and its TV (the headless host's table link), each apart. Told again whenever that changes: W off or a
 * new link tells it `phones: null` or the new token, and the old token opens nothing there either. A revocation is
 * told at once and waited for (`tellNow`), not at the next round; one that could not be told is told again every
 * round, to every laptop that may still hold the old way, a copy or not. Only laptops holding the copy are told a
 * way in (liveCopyPush.ts knows which); the message goes through the group listener's door like the night's lines
 * (`groupPeerPhones`), never to a screen.
 */

/** A laptop told is told again after this many rounds though nothing changed (it may have restarted, and kept nothing). */
const AGAIN_EVERY_ROUNDS = 5;

/** How often, at most, a laptop holding the copy hears its holder's ways again though nothing changed (the rounds every `everyMs`). */
export function toldAgainWithinMs(everyMs: number): number {
  return AGAIN_EVERY_ROUNDS * everyMs;
}

/** How this laptop's pages get in now: each null when that kind of page cannot (phones off; no TV link, or a loopback one). */
export interface PageWays {
  phones: PageWay | null;
  tv: PageWay | null;
}

/** What a laptop took last: the night and the ways, in one string, and whether it names a way in (it holds one). */
interface Took {
  nightId: string;
  saying: string;
  anyWay: boolean;
}

interface Told {
  /** What it last took, or null when it holds nothing of this laptop's (never told, or it kept nothing). */
  took: Took | null;
  /** It held no copy at a round since it took that (gone, restarted: it may have kept nothing): told in full once it does. */
  lapsed: boolean;
  rounds: number;
  /** The message on its way to it now, if any: the next one goes after it. */
  flight: Promise<void> | null;
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
  private readonly links: PeerLinks;
  private pending = false;
  private stopped = false;

  constructor(private readonly options: PageWayPushOptions) {
    this.links = new PeerLinks(options.pairing);
  }

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
    const now = this.now();
    if (!now) return;
    for (const laptopId of now.targets) void this.tell(laptopId, now.nightId, now.me, now.ways, again, now.holders.has(laptopId));
  }

  /**
   * R35: the ways in as they are now told at once to every laptop that holds the copy or may hold an older way (a
   * revocation: W off, a new link), after the message on its way to it, if any; resolved once each answered, could
   * not be reached, or `withinMs` passed (a laptop not told by then is told again every round).
   */
  async tellNow(withinMs: number): Promise<void> {
    const now = this.now();
    if (!now) return;
    const telling = now.targets.map(async (laptopId) => {
      for (let flight = this.told.get(laptopId)?.flight; flight; flight = this.told.get(laptopId)?.flight) await flight;
      await this.tell(laptopId, now.nightId, now.me, this.options.ways(), false, now.holders.has(laptopId));
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
    await Promise.race([Promise.all(telling), late]);
    clearTimeout(timer);
  }

  forget(laptopId: string): void {
    this.links.drop(laptopId);
    this.told.delete(laptopId);
  }

  stop(): void {
    this.stopped = true;
    this.links.close();
    this.told.clear();
  }

  /** The open night, this laptop, its ways, the holders of the copy and who is to be told: null when nothing is to be told. */
  private now(): { nightId: string; me: string; ways: PageWays; holders: Set<string>; targets: string[] } | null {
    if (this.stopped) return null;
    const open = this.options.files.openNight();
    const signer = this.options.files.signer();
    if (!open || !signer) return null;
    const holders = new Set(this.options.holders());
    // A laptop that holds no copy now (gone, or the night is new) is told from scratch when it holds one again; until
    // then it is still told what it may hold no more (W off, a new link), should its copy be there still.
    const targets = new Set(holders);
    for (const [laptopId, told] of this.told) {
      if (holders.has(laptopId)) continue;
      told.lapsed = true;
      if (told.took?.nightId === open.nightId && told.took.anyWay) targets.add(laptopId);
    }
    return { nightId: open.nightId, me: signer.laptopId, ways: this.options.ways(), holders, targets: [...targets] };
  }

  private tell(laptopId: string, nightId: string, me: string, ways: PageWays, again: boolean, holds: boolean): Promise<void> {
    let told = this.told.get(laptopId);
    if (!told) {
      told = { took: null, lapsed: false, rounds: 0, flight: null };
      this.told.set(laptopId, told);
    }
    if (again) told.rounds++;
    if (told.flight) return told.flight;
    const saying = sayingOf(nightId, ways);
    const anyWay = ways.phones !== null || ways.tv !== null;
    const same = told.took?.saying === saying;
    const due = holds
      ? // Never told anything, and no way in: nothing to take back.
        (told.took !== null || anyWay || told.rounds >= AGAIN_EVERY_ROUNDS) && (!same || told.lapsed || told.rounds >= AGAIN_EVERY_ROUNDS)
      : !same;
    const peer = this.options.pairing.find(laptopId);
    if (!due || !peer) return Promise.resolve();
    told.rounds = 0;
    const args = { laptop: me, key: peer.theirKey, nightId, phones: ways.phones, tv: ways.tv };
    const entry = told;
    entry.flight = (async () => {
      let took = false;
      try {
        const answer = await this.links.request(laptopId, 'groupPeerPhones', args);
        // Not reached, or refused: it holds what it took before, and is told again at the next round (not at once).
        if (!answer?.ok) return;
        entry.took = answer.data.kept ? { nightId, saying, anyWay } : null;
        entry.lapsed = false;
        took = true;
      } catch {
        // No answer in time (the link is closed): told again at the next round.
      } finally {
        entry.flight = null;
      }
      // Changed while it was being told: told again.
      if (took && !this.stopped && entry.took !== null && entry.took.saying !== sayingOf(nightId, this.options.ways())) this.kick();
    })();
    return entry.flight;
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
