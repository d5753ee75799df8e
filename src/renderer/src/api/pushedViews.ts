import type { ApiResult, AppView, CommandMethods, DealerApi, PreloadApi } from '../../../shared';
import { COMMAND_NAMES } from '../../../shared/registry';

/**
 * The Electron preload's bridge as a DealerApi: a command answered with the
 * number of the view main pushed just before (PushedViewAnswer, src/shared/api.ts)
 * resolves with that view, as the socket bridge does for wire.ts's `answered`,
 * so the store has one path whichever way the page is connected. The view
 * crosses from main, and through the preload's context bridge, once.
 *
 * The push comes before the answer on a window's IPC; a page that did not hear
 * it (reloaded since, or not listening yet) asks for the view instead.
 */
export function withPushedViews(preload: PreloadApi): DealerApi {
  const listeners = new Set<(view: AppView) => void>();
  let newest: { view: AppView; pushed: number } | null = null;
  preload.onView((view, pushed) => {
    newest = { view, pushed };
    for (const listener of listeners) listener(view);
  });

  async function withView(answer: Awaited<ReturnType<PreloadApi[keyof CommandMethods]>>): Promise<ApiResult<unknown>> {
    if (!('pushed' in answer)) return answer;
    // A newer push is as good: the store keeps the newest view anyway.
    const view = newest && newest.pushed >= answer.pushed ? newest.view : await preload.getView();
    return answer.data === undefined ? { ok: true, view } : { ok: true, view, data: answer.data };
  }

  const commands: Partial<Record<keyof CommandMethods, (args: never) => Promise<ApiResult<unknown>>>> = {};
  for (const name of COMMAND_NAMES) {
    // The table window's preload has only the table's commands.
    const send = preload[name] as ((args: unknown) => ReturnType<PreloadApi[typeof name]>) | undefined;
    if (send) commands[name] = async (args: unknown) => withView(await send(args));
  }
  return {
    ...(commands as CommandMethods),
    getView: () => preload.getView(),
    onView: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    toggleFullScreen: () => preload.toggleFullScreen(),
    openTableWindow: () => preload.openTableWindow(),
  };
}
