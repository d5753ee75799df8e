import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import type { NightSetup, NightView, TableScreen } from '../../../shared';
import { useKeptResults } from './useKeptResults';

const nightIn = (phase: NightView['phase'], id = 'n1') => ({ id, phase, players: [{ id: 'p1' }, { id: 'p2' }] }) as NightView;
/** What main says after a night that seated p1 and p2 (its last setup). */
const setupOf = (...playerIds: string[]) => ref({ playerIds } as NightSetup);

describe('the results the TV keeps after the host closes the night', () => {
  it('keeps the ended night once it is closed (the night gone), until a new night starts', async () => {
    const night = ref<NightView | null>(nightIn('ready'));
    const screen = ref<TableScreen>({ kind: 'live' });
    const setup = setupOf('p1', 'p2');
    const kept = useKeptResults(night, screen, setup);
    expect(kept.value).toBeNull();
    night.value = nightIn('ended');
    await nextTick();
    night.value = null; // Enter on the console's results: closed, back to the lobby
    await nextTick();
    expect(kept.value?.phase).toBe('ended');
    night.value = nightIn('draw', 'n2');
    await nextTick();
    expect(kept.value).toBeNull();
  });

  it('lets them go when the host puts another screen on the TV', async () => {
    const night = ref<NightView | null>(nightIn('ended'));
    const screen = ref<TableScreen>({ kind: 'live' });
    const setup = setupOf('p1', 'p2');
    const kept = useKeptResults(night, screen, setup);
    night.value = null;
    await nextTick();
    expect(kept.value).not.toBeNull();
    screen.value = { kind: 'standings' } as TableScreen;
    await nextTick();
    expect(kept.value).toBeNull();
  });
});

describe('a lobby that is not the one the night left', () => {
  it("shows the lobby (no last setup, or another night's players)", async () => {
    const night = ref<NightView | null>(nightIn('ended'));
    const screen = ref<TableScreen>({ kind: 'live' });
    const setup = ref<NightSetup | null>(null);
    const kept = useKeptResults(night, screen, setup);
    night.value = null;
    await nextTick();
    expect(kept.value).toBeNull();
    setup.value = { playerIds: ['p1', 'p3'] } as NightSetup;
    expect(kept.value).toBeNull();
    setup.value = { playerIds: ['p2', 'p1'] } as NightSetup;
    expect(kept.value?.id).toBe('n1');
  });
});
