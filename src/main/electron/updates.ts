import { dialog, type BrowserWindow } from 'electron';
import type { AppView } from '../../shared/view';
import type { DealerService } from '../session';
import { decideUpdate, INITIAL_UPDATE_STATE, nightIsOpen, type UpdateAction, type UpdateEvent, type UpdateFacts } from './updatePolicy';
import { UPDATE_WORDS } from './updateWords';

/** How often the policy is asked again (it decides whether a day has passed). */
const TICK_MS = 60 * 60 * 1000;

export interface UpdatesOptions {
  service: Pick<DealerService, 'getView' | 'onView'>;
  /** The host console, the question's parent; null while it is closed. */
  hostWindow: () => BrowserWindow | null;
}

/** Whether the host leaves update checks on (preferences.updateChecks; absent is on). */
export function checksOn(view: Pick<AppView, 'preferences'>): boolean {
  return view.preferences.updateChecks !== false;
}

/**
 * Updates between nights (docs/release.md) from the project's GitHub
 * Releases, through electron-updater: this only carries out what the pure
 * policy (updatePolicy.ts) decides. The update downloads in the background;
 * it is never installed on quit (autoInstallOnAppQuit off: quitting with a
 * night open must not update under it), only on the host's yes between
 * nights. Started only in the packaged app, and only when its data folder is
 * outside what an update replaces (app.ts); electron-updater is loaded only
 * then. Resolves with the stop.
 */
export async function startUpdates(options: UpdatesOptions): Promise<() => void> {
  const { default: electronUpdater } = await import('electron-updater');
  const updater = electronUpdater.autoUpdater;
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.logger = null;
  updater.on('error', (failure) => console.warn('Update check or download failed:', failure.message));

  let state = INITIAL_UPDATE_STATE;
  let stopped = false;
  const facts = (): UpdateFacts => {
    const view = options.service.getView();
    return { now: Date.now(), checksOn: checksOn(view), nightOpen: nightIsOpen(view) };
  };

  function feed(event: UpdateEvent): void {
    if (stopped) return;
    const decision = decideUpdate(state, event, facts());
    state = decision.state;
    for (const action of decision.actions) perform(action);
  }

  function perform(action: UpdateAction): void {
    switch (action.type) {
      case 'check':
        updater.checkForUpdates().then(
          () => feed({ type: 'checkFinished' }),
          () => feed({ type: 'checkFailed' }),
        );
        return;
      case 'ask':
        void ask(action.version).then((install) => feed({ type: 'answered', version: action.version, install }));
        return;
      case 'install':
        // After the answer's dialog has closed; the app's will-quit closes the session first.
        setImmediate(() => updater.quitAndInstall(false, true));
        return;
    }
  }

  async function ask(version: string): Promise<boolean> {
    const words = UPDATE_WORDS[options.service.getView().preferences.language];
    const question = {
      type: 'question' as const,
      title: words.title,
      message: words.question(version),
      detail: words.detail,
      buttons: [words.install, words.notNow],
      defaultId: 0,
      cancelId: 1,
      noLink: true,
    };
    const parent = options.hostWindow();
    const answer = parent ? await dialog.showMessageBox(parent, question) : await dialog.showMessageBox(question);
    return answer.response === 0;
  }

  updater.on('update-downloaded', (info) => feed({ type: 'downloaded', version: info.version }));

  // A night opening or ending, or the setting changing, is a moment to look again.
  let last = { open: nightIsOpen(options.service.getView()), on: checksOn(options.service.getView()) };
  const stopFollowing = options.service.onView((view) => {
    const now = { open: nightIsOpen(view), on: checksOn(view) };
    if (now.open === last.open && now.on === last.on) return;
    last = now;
    feed({ type: 'tick' });
  });
  const timer = setInterval(() => feed({ type: 'tick' }), TICK_MS);
  feed({ type: 'tick' });

  return () => {
    stopped = true;
    clearInterval(timer);
    stopFollowing();
  };
}
