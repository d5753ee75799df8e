import { onBeforeUnmount, onMounted, watch } from 'vue';
import { CuePlayer, cueFor } from '../lib/sound';
import { useViewStore } from '../stores/view';

/**
 * The table view's sound cues: a new turn, a win, a post, a pair and the end
 * of the night, unless the host muted them (M on the console, kept in main's
 * settings). Reduced motion changes animations only, never sound.
 */
export function useTableSounds(player: CuePlayer = new CuePlayer()): void {
  const view = useViewStore();
  const unlock = () => player.unlock();

  watch(
    () => view.night,
    (next, previous) => {
      if (view.view?.preferences?.muted) return;
      const cue = cueFor(previous ?? null, next ?? null);
      if (cue) player.play(cue);
    },
  );

  onMounted(() => {
    window.addEventListener('keydown', unlock);
    window.addEventListener('pointerdown', unlock);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('keydown', unlock);
    window.removeEventListener('pointerdown', unlock);
    player.close();
  });
}
