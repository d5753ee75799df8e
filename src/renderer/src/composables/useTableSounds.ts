import { onBeforeUnmount, onMounted, watch } from 'vue';
import { CuePlayer, cueFor } from '../lib/sound';
import { useViewStore } from '../stores/view';

/** Runs `work` in a later task: after the update that asked for it has reached the screen's DOM. */
export type Later = (work: () => void) => void;

const inNextTask: Later = (work) => void setTimeout(work, 0);

/** Runs `work` when the page is idle (soon in any case), where the browser can say so. */
const whenIdle: Later = (work) =>
  typeof requestIdleCallback === 'function' ? void requestIdleCallback(work, { timeout: 2000 }) : inNextTask(work);

/**
 * The table view's sound cues: a new turn, a win, a post, a pair and the end
 * of the night, unless the host muted them (M on the console, kept in main's
 * settings). Reduced motion changes animations only, never sound.
 *
 * A cue's notes are made in the task after the view's update, not inside it:
 * the TV shows the turn as soon as it can, and the sound (scheduled 10 ms
 * ahead anyway) follows within the same frame or so.
 */
export function useTableSounds(player: CuePlayer = new CuePlayer(), later: Later = inNextTask, idle: Later = whenIdle): void {
  const unlock = () => player.unlock();
  soundCues(player, later);

  onMounted(() => {
    idle(() => player.prepare());
    window.addEventListener('keydown', unlock);
    window.addEventListener('pointerdown', unlock);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('keydown', unlock);
    window.removeEventListener('pointerdown', unlock);
    player.close();
  });
}

/**
 * The cues of each new view, played in a later task; in any effect scope (the
 * view's, or a test's). A cue still due once the player is closed is silent.
 * @internal exported for tests only
 */
export function soundCues(player: CuePlayer, later: Later): void {
  const view = useViewStore();
  watch(
    () => view.night,
    (next, previous) => {
      if (view.view?.preferences?.muted) return;
      const cue = cueFor(previous ?? null, next ?? null);
      if (cue) later(() => player.play(cue));
    },
  );
}
