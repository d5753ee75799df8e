import type { CommandArgs, CommandName } from './commands';
import type { CommandError } from './errors';
import type { ExportFile, FairnessReport, NightDetail, NightListItem, Standings } from './history';
import type { AppView } from './view';

/** A command's answer: the new view (and, for questions, `data`), or a refusal that changed nothing. */
export type ApiResult<Data = undefined> =
  | { ok: true; view: AppView; data?: Data }
  | { ok: false; error: CommandError };

/** What `data` holds for the commands that answer a question. */
export interface CommandData {
  listNights: NightListItem[];
  getNight: NightDetail;
  getStandings: Standings;
  verifyNight: FairnessReport;
  exportNight: ExportFile;
  backup: ExportFile;
}
type DataOf<K> = K extends keyof CommandData ? CommandData[K] : undefined;

/**
 * What the renderer may ask of main: `window.api` in Electron (the preload),
 * or the same methods over a WebSocket from the headless host. One method per
 * command; each resolves with the new view or a refusal that changed nothing.
 */
export type CommandMethods = { [K in CommandName]: (args: CommandArgs<K>) => Promise<ApiResult<DataOf<K>>> };

export type DealerApi = CommandMethods & {
  /** The current view. */
  getView(): Promise<AppView>;
  /** Called with the new view after every change; returns the unsubscribe. */
  onView(listener: (view: AppView) => void): () => void;
  /** Toggle full screen for the calling window (a no-op in a browser tab). */
  toggleFullScreen(): Promise<void>;
};

declare global {
  interface Window {
    api?: DealerApi;
  }
}
