import type { LaptopSigner } from '../night';
import type { NightSummary } from '../store';
import type { NightJudgement } from './nightIntake';

/** What the transports, the session and the parts of a group's history (groupHistory.ts) say to each other. */

/** A file set aside, as the group screen lists it and the host's notices say. */
export interface SetAside {
  /** The laptop it came from, by name when known (its id otherwise). */
  laptop: string;
  laptopId: string;
  file: string;
  reason: string;
  at: string;
}

/** A laptop whose files came signed with another key than the one held for it (docs/group.md "Keys that change"). */
export interface KeyChange {
  laptopId: string;
  /** Its name, as its manifest says. */
  laptop: string;
  /** The new key its files are signed with. */
  publicKey: string;
}

/** A night hosted on another laptop that counts here. */
export interface GroupNight {
  laptopId: string;
  /** R35: signed by its laptop; false for a night shared before nights were signed ("unsigned, from before signing"). */
  signed: boolean;
  summary: NightSummary;
}

export interface ReceiveReport {
  /** Nights added or extended. */
  nights: string[];
  /** The group documents changed (the roster, merges, paid marks or settle modes may differ). */
  docsChanged: boolean;
  setAside: SetAside[];
  /** Files the manifest lists that have not arrived whole yet (a group folder still syncing). */
  waiting: string[];
}

export interface ReceiveOptions {
  /**
   * True when the transport hands over everything at once (a LAN sync, an
   * import): a file the manifest lists that is missing or does not match is
   * then a lie, set aside. False for a group folder, where a sync tool may
   * still be copying: such a file is waited for.
   */
  complete: boolean;
}

export interface GroupContext {
  dataRoot: string;
  now: () => Date;
  /** Whether the night id is one of this laptop's own (open or ended): another laptop's copy of it is set aside. */
  isOwnNight: (nightId: string) => boolean;
  /** Told of each file set aside, to report it with the host's other notices. */
  onSetAside?: (setAside: SetAside) => void;
  /**
   * What signs for this laptop (its id is group.json's `laptopId`): its
   * manifests and nights (R35) and its entry in the group documents'
   * `laptops` map, with the key store/laptopKey.ts makes and seals. The
   * session always gives one; absent (tests of a laptop from before
   * signing), what it shares is unsigned and it writes no `laptops` entry.
   */
  signer?: LaptopSigner;
  /** How a night from elsewhere is judged: the night checker (judgeNight) unless a test keeps its verdicts for bytes it saw. */
  judge?: (nightId: string, bytes: Uint8Array) => NightJudgement;
}
