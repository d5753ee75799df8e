import type { AppView } from '../../shared/view';

/**
 * When the app looks for, offers and installs an update (docs/release.md
 * "Updates between nights"). Pure: the shell (updates.ts) feeds it what
 * happened and does what it answers, so the rules are tested without
 * Electron or a network:
 *
 * - it looks at start and then once a day, while the host leaves checks on;
 *   a failed look is tried again after an hour;
 * - a found update downloads in the background (electron-updater does that
 *   on its own once a check finds one), also during a night;
 * - the host is asked to install only while no night is open, and it is
 *   installed only on their yes, given while still no night is open: never
 *   during a night, whose journal keeps being written;
 * - a "not now" is asked again a day later (or at the next start).
 * @internal exported for tests only
 */
export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
/** @internal exported for tests only */
export const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;
const ASK_AGAIN_AFTER_MS = CHECK_EVERY_MS;

export interface UpdateFacts {
  now: number;
  /** The host's setting (preferences.updateChecks; absent is on). */
  checksOn: boolean;
  /** A night is open: started and not ended (nightIsOpen). */
  nightOpen: boolean;
}

export interface UpdateState {
  /** When the last look started, and whether one is under way. */
  lastCheckAt: number | null;
  checking: boolean;
  /** When the last look failed (no network, no release feed), for the hourly retry. */
  failedAt: number | null;
  /** A downloaded update, ready to install. */
  downloaded: string | null;
  /** The version the host is being asked about now (one question at a time). */
  asking: string | null;
  /** The host's last "not now". */
  declined: { version: string; at: number } | null;
}

export const INITIAL_UPDATE_STATE: UpdateState = {
  lastCheckAt: null,
  checking: false,
  failedAt: null,
  downloaded: null,
  asking: null,
  declined: null,
};

export type UpdateEvent =
  /** The app started, the hourly timer fired, a night opened or closed, or the setting changed. */
  | { type: 'tick' }
  | { type: 'checkFinished' }
  | { type: 'checkFailed' }
  | { type: 'downloaded'; version: string }
  | { type: 'answered'; version: string; install: boolean };

export type UpdateAction = { type: 'check' } | { type: 'ask'; version: string } | { type: 'install'; version: string };

export interface UpdateDecision {
  state: UpdateState;
  actions: UpdateAction[];
}

/** A night is open from its start until it ends; an ended night still on the screens is not. */
export function nightIsOpen(view: Pick<AppView, 'night'>): boolean {
  return view.night !== null && view.night.endedAt === null && view.night.phase !== 'ended';
}

export function decideUpdate(previous: UpdateState, event: UpdateEvent, facts: UpdateFacts): UpdateDecision {
  let state = applyEvent(previous, event, facts);
  const actions: UpdateAction[] = [];

  // Installed only on a yes to the question asked, about the update downloaded, with still no night open.
  const askedThis = event.type === 'answered' && previous.asking === event.version;
  if (event.type === 'answered' && event.install && askedThis && !facts.nightOpen && state.downloaded === event.version) {
    actions.push({ type: 'install', version: event.version });
    return { state, actions };
  }
  if (shouldCheck(state, facts)) {
    state = { ...state, checking: true, lastCheckAt: facts.now };
    actions.push({ type: 'check' });
  }
  if (shouldAsk(state, facts)) {
    state = { ...state, asking: state.downloaded };
    actions.push({ type: 'ask', version: state.downloaded! });
  }
  return { state, actions };
}

function applyEvent(state: UpdateState, event: UpdateEvent, facts: UpdateFacts): UpdateState {
  switch (event.type) {
    case 'tick':
      return state;
    case 'checkFinished':
      return { ...state, checking: false, failedAt: null };
    case 'checkFailed':
      return { ...state, checking: false, failedAt: facts.now };
    case 'downloaded':
      return { ...state, downloaded: event.version };
    case 'answered': {
      const asking = state.asking === event.version ? null : state.asking;
      // A yes that came while a night opened installs nothing: the question comes back after the night.
      if (event.install) return { ...state, asking };
      return { ...state, asking, declined: { version: event.version, at: facts.now } };
    }
  }
}

function shouldCheck(state: UpdateState, facts: UpdateFacts): boolean {
  if (!facts.checksOn || state.checking || state.downloaded !== null) return false;
  if (state.lastCheckAt === null) return true;
  if (state.failedAt !== null && facts.now - state.failedAt >= RETRY_AFTER_FAILURE_MS) return true;
  return facts.now - state.lastCheckAt >= CHECK_EVERY_MS;
}

function shouldAsk(state: UpdateState, facts: UpdateFacts): boolean {
  if (!facts.checksOn || facts.nightOpen || state.downloaded === null || state.asking !== null) return false;
  const declined = state.declined;
  return !(declined && declined.version === state.downloaded && facts.now - declined.at < ASK_AGAIN_AFTER_MS);
}

/**
 * The folder an update replaces: the .app bundle on macOS, the AppImage file
 * itself, else the folder the executable is in (what the NSIS installer and
 * the deb own).
 */
export function installedAppAt(execPath: string, platform: NodeJS.Platform, appImage: string | undefined): string {
  if (platform === 'linux' && appImage) return appImage;
  const bundle = platform === 'darwin' ? /^(.*?\.app)(\/|$)/.exec(execPath) : null;
  return bundle ? bundle[1]! : parentOf(execPath);
}

/**
 * Updates never touch the data: they are off when the data folder is inside
 * what an update replaces (a portable copy keeps its data beside its
 * executable, and an installer's update would sweep that folder away).
 */
export function updatesLeaveDataAlone(dataDir: string, installed: string): boolean {
  const inside = (child: string, parent: string) => {
    const a = normalise(child);
    const b = normalise(parent);
    return a === b || a.startsWith(`${b}/`);
  };
  return !inside(dataDir, installed);
}

function normalise(path: string): string {
  const forward = path.replace(/\\/g, '/').replace(/\/+$/, '');
  // Windows paths compare without case.
  return /^[a-z]:\//i.test(forward) ? forward.toLowerCase() : forward;
}

function parentOf(path: string): string {
  const forward = path.replace(/\\/g, '/');
  return forward.slice(0, Math.max(forward.lastIndexOf('/'), 0)) || '/';
}
