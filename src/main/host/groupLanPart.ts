import { isLoopback } from './serveArgs';
import {
  commandError,
  normalisePairingCode,
  pairingOffer,
  PEER_FILES_MAX_BYTES,
  shownPairingCode,
  type CommandError,
  type GroupLanView,
  type PairingStart,
  type PeerClaimAnswer,
  type PeerFilesAnswer,
  type PeerManifestAnswer,
  type PeerNightLinesAnswer,
  type PeerPhonesAnswer,
  type TakeOverAnswer,
  type HandOverAnswer,
  type ParsedCommandArgs,
} from '../../shared';
import { LanPairing, newPeerKey } from '../group/pairing';
import { DONE, type Outcome } from '../session/outcome';
import type { GroupLanCommand, PartContext, SessionPart } from '../session/parts';
import { PeerLink, PeerUnreachable, type PeerAnswer } from './peerLink';
import { lanAddresses, type PageWay, type PhoneAccess } from './phoneAccess';
import type { PageWaysHeld } from './pageWaysHeld';
import { PagesFollow } from './pagesFollow';
import type { TvFollow } from './tvFollow';
import { startHost, type RunningHost } from './server';
import { GroupLanSync, type GroupFilesPort } from './groupLanSync';
import { LiveCopyDesk } from './liveCopyDesk';
import type { ReplayCheck } from '../store/liveCopies';

/**
 * Laptop to laptop at the table (docs/group-lan.md), a domain of the session
 * (parts.ts): its slice of the view says which laptops are paired
 * (`groupLan`, the console's alone), and it answers the pairing commands and
 * the paired laptops' messages. Every one of them comes through the
 * session's one door (the host's console pairs and unpairs, a `peer` only
 * syncs), parsed there against its zod schema.
 *
 * The group's own listener (startHost with `peerToken`) serves nothing but
 * `peer` sockets: a socket opens only with the pairing code shown now or
 * a paired laptop's key; it gets no page and no view. It listens while a
 * code is open or a laptop is paired.
 */

/** The port tried first, so a paired laptop finds this one again after a restart. */
const GROUP_PORT = 47_900;
const GROUP_PORT_FALLBACKS = 9;
/** How often paired laptops are asked what they hold (a night ended there shows here within 2 s). */
const SYNC_EVERY_MS = 1_000;
/** How long a takeover waits for the holding laptop to answer before taking it as off (R35). */
const HOLDER_ASKED_MS = 1_500;
/** R35: how long a laptop starting with a night open waits to hear whether a paired laptop took it over meanwhile. */
const FENCE_AT_START_MS = 1_500;
/** R35: how long a hand-over waits for the new holder to say it holds the hand-over line before it answers the host. */
const HAND_OVER_DELIVERY_MS = 3_000;

export interface GroupLanOptions {
  /** The data folder: the pairings are kept in it (group/lan-peers.json). */
  dataRoot: string;
  /** The built renderer: the listener serves none of it, but is made the same way. */
  rendererDir: string;
  /** The group's files on this laptop (the core's mirror and receive); the session's own unless given (tests). */
  files?: GroupFilesPort;
  /** Ports to try in turn (0: any free one); GROUP_PORT and its fallbacks, then 0, unless given. */
  ports?: readonly number[];
  /** Where to listen: every IPv4 address unless given. */
  listenAddress?: string;
  /** The addresses other laptops can reach this one at (lanAddresses unless given). */
  addresses?: () => string[];
  syncEveryMs?: number;
  now?: () => number;
  /** R35: how a live copy held here is replayed on each batch; the engine's replay unless given (tests). */
  replayLiveCopy?: ReplayCheck;
  /** Told once a batch of another laptop's open night is durable here (the bench, tests). */
  onLiveLinesHeld?: (nightId: string, lines: number) => void;
  /**
   * R35, what follows a takeover: this laptop's phones' listener (composeDealer.ts gives it). Its way in goes to the
   * laptops holding the open night's copy; a night taken over here lets the old laptop's pages in on it.
   */
  phoneAccess?: PhoneAccess;
  /** How often the laptops holding the copy are told the pages' ways in again if they lack them; `syncEveryMs` unless given (tests). */
  pageWaysEveryMs?: number;
  /**
   * R35, what follows a takeover: how this laptop's TV link gets in (the headless host beyond loopback, cli.ts), told
   * to the laptops holding the open night's copy beside the phones' way; null or absent when there is none.
   */
  tvWay?: () => PageWay | null;
  /** Told once a night was taken over (or handed) here and its pages let in: the desktop app shows its TV window. */
  onTakenOver?: (nightId: string) => void;
}

export interface GroupLanPart extends SessionPart<GroupLanCommand> {
  /** Asks every paired laptop now (tests; the loop does it every SYNC_EVERY_MS). */
  syncNow(): Promise<void>;
  /** Where the group listener is (`host:port`), or null while it is off. */
  readonly listening: string | null;
  /** R35: the live copies on both sides (the copies held here: `live.copies`, what a takeover reads). */
  readonly live: LiveCopyDesk;
  /** R35: how the pages (phones, TV) of the nights held here as copies get in on their laptops (what a takeover lets in). */
  readonly pageWays: PageWaysHeld;
  /** R35: the TVs of nights taken over here (the headless host's own listener lets those of its port in). */
  readonly tvFollow: TvFollow;
}

function defaultPorts(): number[] {
  return [...Array.from({ length: GROUP_PORT_FALLBACKS + 1 }, (_, i) => GROUP_PORT + i), 0];
}

type Refusal = { ok: false; error: CommandError };

export function groupLanPart(context: PartContext, options: GroupLanOptions): GroupLanPart {
  const now = options.now ?? Date.now;
  const files = options.files ?? context.groupFiles;
  const pairing = new LanPairing(options.dataRoot, now);
  let host: RunningHost | null = null;
  let starting: Promise<void> | null = null;
  /** The code's end as the view last said. */
  let shownUntil: string | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The key this laptop's own pairJoin offers while it waits for the answer (null otherwise). */
  let joiningKey: string | null = null;

  const addresses = (): string[] => {
    if (!host) return [];
    const port = host.port;
    const found = (options.addresses ?? lanAddresses)();
    return (found.length > 0 ? found : ['127.0.0.1']).map((address) => `${address}:${port}`);
  };

  const lanView = (): GroupLanView => {
    const until = pairing.openUntil();
    // Each paired laptop by the name the group knows it by now: it may have been renamed since it paired (docs/group.md).
    const paired = pairing.view().map((laptop) => ({ ...laptop, name: files.knownName(laptop.laptopId) ?? laptop.name }));
    const copies = live.view(nameOf);
    return {
      addresses: addresses(),
      pairingUntil: until === null ? null : new Date(until).toISOString(),
      paired,
      ...copies,
      // R35: which pages of each night held here would follow it, were it taken over here (the host sees it before Alt+O).
      holding: copies.holding.map((copy) => {
        const follow = pages.follow(copy.nightId);
        return follow ? { ...copy, follow } : copy;
      }),
    };
  };

  const changed = (): void => context.changed();
  /** A laptop by the name the group knows it by, else the one it paired under, else its id. */
  const nameOf = (laptopId: string): string => files.knownName(laptopId) ?? pairing.find(laptopId)?.name ?? laptopId;

  async function ensureListening(): Promise<void> {
    if (host) return;
    starting ??= (async () => {
      let lastError: unknown = null;
      for (const port of options.ports ?? defaultPorts()) {
        try {
          host = await startHost({
            service: context.service,
            port,
            host: options.listenAddress ?? '0.0.0.0',
            rendererDir: options.rendererDir,
            peerToken: (token) => pairing.opensListener(token),
            files: { allowed: new Set(), index: 'none' },
            // A sync round asks for the manifest, then files in batches: generous, but bounded.
            questionRate: { perSecond: 50, burst: 100 },
            maxViewers: 16,
          });
          return;
        } catch (error) {
          lastError = error;
          if ((error as NodeJS.ErrnoException | null)?.code !== 'EADDRINUSE') break;
        }
      }
      throw lastError instanceof Error ? lastError : new Error('the group listener could not start');
    })().finally(() => {
      starting = null;
    });
    await starting;
    changed();
  }

  const live = new LiveCopyDesk({
    pairing,
    files,
    dataRoot: options.dataRoot,
    everyMs: options.syncEveryMs ?? SYNC_EVERY_MS,
    changed,
    ...(options.replayLiveCopy ? { replay: options.replayLiveCopy } : {}),
    ...(options.onLiveLinesHeld ? { onHeld: options.onLiveLinesHeld } : {}),
  });

  // R35: how the pages get in (phones, TV), told to the laptops holding the copy; and kept here for the nights held as copies.
  const pages = new PagesFollow({
    pairing,
    files,
    holders: () => live.holders(),
    phoneAccess: options.phoneAccess ?? null,
    tvWay: options.tvWay ?? null,
    rendererDir: options.rendererDir,
    ...(options.listenAddress ? { listenAddress: options.listenAddress } : {}),
    everyMs: options.pageWaysEveryMs ?? options.syncEveryMs ?? SYNC_EVERY_MS,
  });

  const sync = new GroupLanSync({
    pairing,
    files,
    everyMs: options.syncEveryMs ?? SYNC_EVERY_MS,
    onChange: changed,
  });

  function me(): { id: string; name: string } {
    const identity = files.identity();
    return { id: identity.laptopId, name: identity.laptopName };
  }

  // ------------------------------------------------------------ the console's commands

  async function pairStart(): Promise<Outcome<PairingStart>> {
    const group = files.identity().group;
    if (!group)
      return refuse(
        'pairing-needs-group',
        'Create the group on this laptop first (or join one): the laptop that types the code then joins it.',
      );
    try {
      await ensureListening();
    } catch (error) {
      return refuse(
        'group-lan-unavailable',
        `The group listener could not start: ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
    const { code, expiresAt } = pairing.start();
    scheduleExpiry(expiresAt);
    changed();
    const shown = addresses();
    const data: PairingStart = {
      code,
      shown: shownPairingCode(code),
      addresses: shown,
      offer: pairingOffer(shown[0] ?? '', code),
      expiresAt: new Date(expiresAt).toISOString(),
    };
    return { ok: true, data };
  }

  /** The view says the code closed once its 5 minutes are over. */
  function scheduleExpiry(at: number): void {
    if (expiryTimer) clearTimeout(expiryTimer);
    expiryTimer = setTimeout(() => changed(), Math.max(0, at - now()) + 10);
    expiryTimer.unref();
  }

  async function pairJoin(args: ParsedCommandArgs<'groupPairJoin'>): Promise<Outcome> {
    const code = normalisePairingCode(args.code);
    if (!code) return refuse('invalid-input', 'A pairing code is 16 letters and digits, as the other laptop shows it.');
    const identity = files.identity();
    try {
      await ensureListening();
    } catch (error) {
      return refuse(
        'group-lan-unavailable',
        `The group listener could not start: ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
    let link: PeerLink;
    try {
      link = await PeerLink.open(args.address, code);
    } catch (error) {
      if (error instanceof PeerUnreachable && /\(401\)/.test(error.message))
        return refuse(
          'pairing-refused',
          'That code is not open on that laptop (wrong, used, or more than 5 minutes old): show a new one there.',
        );
      return refuse('peer-unreachable', `Nothing answered at ${args.address}: is the app open there, on the same network?`, {
        address: args.address,
      });
    }
    const ourKey = newPeerKey();
    // Its own claim, should this laptop type the code it shows itself: told apart from another laptop with this id by this key.
    joiningKey = ourKey;
    let answer: PeerAnswer<'groupPeerClaim'>;
    try {
      const reachBack = isLoopback(args.address.replace(/:\d+$/, '')) ? [`127.0.0.1:${host?.port ?? 0}`] : addresses();
      answer = await link.request('groupPeerClaim', {
        code,
        laptop: me(),
        addresses: reachBack,
        key: ourKey,
        group: identity.group,
      });
    } catch {
      return refuse('peer-unreachable', `The laptop at ${args.address} stopped answering: try again.`, { address: args.address });
    } finally {
      link.close();
      joiningKey = null;
    }
    if (!answer.ok) {
      // The other laptop says it has this laptop's id: this one is told too, so either host may take a new id.
      if (answer.error.code === 'laptop-id-shared') await files.idShared(String(answer.error.params?.laptop ?? args.address));
      return answer;
    }
    const claimed = answer.data;
    if (!claimed)
      return refuse('peer-unreachable', `The laptop at ${args.address} did not answer as a dealer does.`, { address: args.address });
    if (!identity.group && claimed.group) {
      const joined = await files.join(claimed.group);
      if (!joined.ok) return joined;
    }
    pairing.remember({ laptopId: claimed.laptop.id, name: claimed.laptop.name, addresses: [args.address], theirKey: claimed.key, ourKey });
    changed();
    // The first exchange now, not in a second: the group shows at once.
    await sync.syncPeer(claimed.laptop.id);
    return DONE;
  }

  function unpair(args: ParsedCommandArgs<'groupUnpair'>): Outcome {
    if (!pairing.forget(args.laptopId)) return refuse('not-paired', 'That laptop is not paired with this one.');
    sync.dropLink(args.laptopId);
    live.forget(args.laptopId);
    pages.forget(args.laptopId);
    changed();
    return DONE;
  }

  // ------------------------------------------------------------ a paired laptop's messages

  function claim(args: ParsedCommandArgs<'groupPeerClaim'>): Outcome<PeerClaimAnswer> {
    const outcome = pairing.claim(args.code);
    changed();
    if (!outcome.ok) return refuse('pairing-refused', 'That code is not open here (wrong, used, or more than 5 minutes old).');
    const identity = files.identity();
    if (!identity.group) return refuse('pairing-needs-group', 'This laptop left its group: create or join one, then show a new code.');
    if (args.group && args.group.id !== identity.group.id)
      return refuse('pairing-other-group', `The two laptops are in different groups: one leaves its group first.`, {
        group: identity.group.name,
      });
    if (args.laptop.id === identity.laptopId) {
      if (args.key === joiningKey) return refuse('pairing-refused', 'A laptop cannot pair with itself.');
      // Another laptop with this laptop's id (a data folder copied from it): one id, one laptop (docs/group.md).
      void files.idShared(args.laptop.name);
      return refuse(
        'laptop-id-shared',
        `That laptop uses this laptop's id (a data folder copied from one to the other?): one of the two takes a new id first.`,
        { laptop: identity.laptopName },
      );
    }
    const key = newPeerKey();
    pairing.remember({ laptopId: args.laptop.id, name: args.laptop.name, addresses: args.addresses, theirKey: args.key, ourKey: key });
    pairing.noteSync(args.laptop.id, null);
    changed();
    return { ok: true, data: { laptop: me(), key, group: identity.group } };
  }

  function manifest(args: ParsedCommandArgs<'groupPeerManifest'>): Outcome<PeerManifestAnswer> {
    if (!pairing.authenticate(args.laptop, args.key)) return notPaired();
    if (pairing.noteSync(args.laptop, null)) changed();
    return { ok: true, data: files.held() };
  }

  function filesAsked(args: ParsedCommandArgs<'groupPeerFiles'>): Outcome<PeerFilesAnswer> {
    if (!pairing.authenticate(args.laptop, args.key)) return notPaired();
    // Only what this laptop's mirror lists for that laptop: nothing else of the data folder is ever read for a peer.
    const listed = new Set((files.held()[args.of] ?? []).map((entry) => entry.path));
    const out: Record<string, string> = {};
    let bytes = 0;
    for (const path of args.paths) {
      if (!listed.has(path)) continue;
      const content = files.read(args.of, path);
      if (!content) continue;
      if (bytes > 0 && bytes + content.byteLength > PEER_FILES_MAX_BYTES) break;
      bytes += content.byteLength;
      out[path] = Buffer.from(content).toString('base64');
    }
    return { ok: true, data: { files: out } };
  }

  /**
   * R35 *Taken over*: this laptop goes on with a night it holds a live copy of. Never while the laptop holding it still
   * answers (one writer: it is asked to hand the night over instead); the people at the table have said it is off.
   */
  async function takeOver(args: ParsedCommandArgs<'takeOverNight'>): Promise<Outcome<TakeOverAnswer>> {
    const held = live.copies.held(args.nightId);
    if (!held) return refuse('invalid-input', `This laptop holds no live copy of night ${args.nightId} (R35).`, { night: args.nightId });
    const holder = nameOf(held.holder);
    if (held.ended)
      return refuse('wrong-phase', `${holder} ended night ${args.nightId}: it arrives with the group's history, not by a takeover (R35).`);
    // Handed to another laptop: only that one goes on with it. Handed here: the holder wrote its last line, nothing to ask.
    if (held.handedTo !== null && held.handedTo !== me().id)
      return refuse('night-moved', `${holder} handed night ${args.nightId} to ${nameOf(held.handedTo)}: it goes on there (R35).`, {
        laptop: nameOf(held.handedTo),
      });
    // R35, fail closed: what the copy heard before a restart cannot be read, so a later epoch may have been heard.
    if (held.heardUnreadable)
      return refuse(
        'copy-not-ready',
        `What this laptop heard of night ${args.nightId} before it stopped cannot be read (its file is damaged): the night may have been taken over since, and going on from this copy could make a second writer of that epoch. It can be taken over once a laptop holding the night has sent it here again (R35).`,
      );
    if (held.heardEpoch > held.epoch)
      return refuse(
        'copy-not-ready',
        `This copy of night ${args.nightId} ends before the night was taken over at epoch ${held.heardEpoch}: going on from it would make a second writer of that epoch (R35).`,
      );
    // R35: nor below what this laptop wrote itself before the night moved on (a batch delayed since an older epoch can
    // start a copy here after this laptop handed the night on).
    const wrote = files.movedAwayEpoch(args.nightId);
    if (wrote !== null && wrote > held.epoch)
      return refuse(
        'copy-not-ready',
        `This copy of night ${args.nightId} ends at epoch ${held.epoch}, before the night went on from this laptop at epoch ${wrote}: going on from it would write below an epoch this laptop has seen (R35).`,
      );
    if (held.handedTo === null && (await answers(held.holder)))
      return refuse('holder-reachable', `${holder} still answers: ask there for the night to be handed over instead (R35).`, {
        laptop: holder,
      });
    const text = live.copies.text(args.nightId);
    if (text === undefined) return refuse('invalid-input', `The live copy of night ${args.nightId} is gone (R35).`);
    const outcome = await files.takeOverNight(text, held.holder);
    if (!outcome.ok) return outcome;
    // The night is this laptop's journal now: the copy it came from is not kept twice.
    live.copies.letGo(args.nightId, true);
    // Its pages follow: those opened on the old laptop's links get in here with the token they hold, each its own.
    await pages.takenOver(context.service, args.nightId, held.holder);
    changed();
    options.onTakenOver?.(args.nightId);
    return outcome;
  }

  /**
   * R35 *Handed over*: this laptop hands its open night to a paired laptop holding it live up to its last line. The
   * hand-over line is written here (the deck in play put away, its seed shown), then sent to that laptop, whose host
   * opens the night there (a takeover that voids nothing). Answered once that laptop holds the line, or after a few
   * seconds: it is then sent again every round until it does.
   */
  async function handOver(args: ParsedCommandArgs<'handOverNight'>): Promise<Outcome<HandOverAnswer>> {
    const open = files.openNight();
    if (open?.nightId !== args.nightId)
      return refuse('no-night', `Night ${args.nightId} is not open on this laptop: only the laptop holding a night hands it over (R35).`);
    if (open.handedTo !== null)
      return refuse('night-moved', `This night was already handed over to ${nameOf(open.handedTo)} (R35).`, {
        laptop: nameOf(open.handedTo),
      });
    if (!pairing.find(args.laptopId)) return notPaired();
    const to = nameOf(args.laptopId);
    const copy = live.copyAt(args.laptopId);
    if (!copy || copy.problem !== null || copy.behind > 0) {
      const why = copy?.problem ?? (copy ? `${copy.behind} lines behind` : 'it holds no copy of it yet');
      return refuse(
        'copy-not-ready',
        `${to} does not hold this night live up to its last line (${why}): wait until it is 0 lines behind (R35).`,
        {
          laptop: to,
        },
      );
    }
    const handed = await files.handOverNight(args.laptopId);
    if (!handed.ok) return handed;
    const delivered = await live.delivered(args.laptopId, HAND_OVER_DELIVERY_MS);
    changed();
    return { ok: true, data: { nightId: args.nightId, line: handed.data.line, to, delivered } };
  }

  /** Whether a paired laptop answers now, at any address it was reached at (a short wait: it is off, or it is not). */
  async function answers(laptopId: string): Promise<boolean> {
    const peer = pairing.find(laptopId);
    for (const address of peer?.addresses ?? []) {
      let link: PeerLink | null = null;
      try {
        link = await PeerLink.open(address, peer?.theirKey ?? '', HOLDER_ASKED_MS);
        await link.request('groupPeerManifest', { laptop: me().id, key: peer?.theirKey ?? '' });
        return true;
      } catch {
        // Not at this address.
      } finally {
        link?.close();
      }
    }
    return false;
  }

  function nightLines(args: ParsedCommandArgs<'groupPeerNightLines'>): Outcome<PeerNightLinesAnswer> {
    if (!pairing.authenticate(args.laptop, args.key)) return notPaired();
    // R35: its holder is heard from: pages' ways it has not said again for too long are not let in after a takeover.
    const following = followText(args.nightId);
    pages.heard(args.nightId, args.laptop);
    if (followText(args.nightId) !== following) changed();
    return live.receive(args, nameOf);
  }

  /** R35: how the holder's phones get in, kept only for a night this laptop holds the copy of, from that very laptop. */
  function peerPhones(args: ParsedCommandArgs<'groupPeerPhones'>): Outcome<PeerPhonesAnswer> {
    if (!pairing.authenticate(args.laptop, args.key)) return notPaired();
    const held = live.copies.held(args.nightId);
    const holdsCopy = held !== undefined && held.holder === args.laptop && !held.ended;
    const following = followText(args.nightId);
    const kept = pages.receive(args.nightId, args.laptop, { phones: args.phones, tv: args.tv ?? null }, holdsCopy);
    // The console's line of that night says which pages would follow it here.
    if (followText(args.nightId) !== following) changed();
    return { ok: true, data: kept };
  }

  /** Which pages of night `nightId` would follow it here, in one string (a change is told to the console). */
  function followText(nightId: string): string {
    return JSON.stringify(pages.follow(nightId));
  }

  return {
    handlers: {
      groupPairStart: pairStart,
      groupPairJoin: pairJoin,
      groupUnpair: unpair,
      groupPeerClaim: claim,
      groupPeerManifest: manifest,
      groupPeerFiles: filesAsked,
      groupPeerNightLines: nightLines,
      groupPeerPhones: peerPhones,
      takeOverNight: takeOver,
      handOverNight: handOver,
    },
    // R35: after every accepted change, the open night's new lines go to the live copies (after the answer, batched).
    after: live.after,
    viewPart: () => {
      const groupLan = lanView();
      shownUntil = groupLan.pairingUntil;
      // R35: where a TV page looks for its night should this laptop go (addresses only, never a token).
      const hosts = pages.pairedHosts();
      return { groupLan, ...(hosts.length > 0 ? { tvAlternates: hosts } : {}) };
    },
    // A code closes by itself (its 5 minutes, or too many wrong guesses at the listener): asked, the view says so.
    outdated: () => {
      const until = pairing.openUntil();
      return (until === null ? null : new Date(until).toISOString()) !== shownUntil;
    },
    get listening() {
      return host ? `127.0.0.1:${host.port}` : null;
    },
    syncNow: () => sync.syncAll(),
    live,
    pageWays: pages.held,
    tvFollow: pages.tv,
    // Paired before: listen and sync from the start, so the other laptop finds this one whenever both are on.
    async start() {
      if (pairing.list().length > 0) {
        try {
          await ensureListening();
        } catch {
          // The port is taken or refused: the console shows no address; pairing again says why.
        }
      }
      sync.start();
      live.start();
      pages.start();
      // R35: a night open here may have been taken over while this laptop was off: asked before any command for it.
      await live.fence(FENCE_AT_START_MS);
    },
    async close() {
      sync.stop();
      live.stop();
      await pages.close();
      if (expiryTimer) clearTimeout(expiryTimer);
      await host?.close();
      host = null;
    },
  };
}

function refuse(code: Parameters<typeof commandError>[0], message: string, params?: Record<string, string>): Refusal {
  return { ok: false, error: commandError(code, message, undefined, params) };
}

function notPaired(): Refusal {
  return refuse('not-paired', 'This laptop is not paired with that one (or no longer): pair them again.');
}
