import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResult, AppView, CommandName, DataOf, WithData } from '../../shared';
import { commandsFor } from '../../shared';
import { createConfBackend } from '../store/confBackend';
import { CHECKED_NIGHTS_KEPT, CHECKERS_PER_NIGHT_MAX, NightChecks } from './nightChecks';
import { phonesDealer, type PhonesDealer } from './testing/phonesDealer';

/**
 * R34 "Checking": a phone fetches an ended night's export to recompute its
 * cards in the page (getNightToCheck, a question any screen may ask), and
 * the table says how many phones did, each counted once.
 */
let workDir: string;
let service: PhonesDealer | null = null;

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-checks-'));
});

afterEach(async () => {
  await service?.shutDown();
  service = null;
  await rm(workDir, { recursive: true, force: true });
});

async function ask<K extends CommandName>(command: K, args: unknown): Promise<ApiResult<DataOf<K>>> {
  return service!.run('host', command, args);
}

async function must<K extends CommandName>(command: K, args: unknown): Promise<{ view: AppView } & WithData<DataOf<K>>> {
  const result = await ask(command, args);
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result;
}

describe('R34: the phones that checked a night', () => {
  it('R34: an ended night is read by any phone as its export, without payment details, and each phone is counted once on the table', async () => {
    service = await phonesDealer(
      { storage: createConfBackend(join(workDir, 'data')) },
      {
        rendererDir: join(workDir, 'renderer'),
        ports: [0],
        listenAddress: '127.0.0.1',
        addresses: () => [],
        newToken: () => 'tokenabcdefghijklmnop',
      },
    );
    expect(commandsFor('phone').includes('getNightToCheck')).toBe(true);
    const started = await must('startNight', { players: [{ name: 'Ann' }, { name: 'Bob' }], startingChips: 20, chipValue: 25 });
    const nightId = started.view.night!.id;

    // Not before the night has ended: nothing to count.
    const early = await ask('getNightToCheck', { nightId, checker: '00000000000000a1' });
    expect(early.ok || early.error).toMatchObject({ code: 'wrong-phase', params: { phase: 'draw' } });
    expect(service.getView().nightChecks).toBeUndefined();

    await must('endNight', { stateId: service.getView().night!.stateId });
    const seen: AppView[] = [];
    service.onView((view) => seen.push(view));
    const first = await must('getNightToCheck', { nightId, checker: '00000000000000a1' });
    const file = first.data;
    const exported = JSON.parse(file.content) as { format: string; night: { id: string }; payees?: unknown };
    expect([exported.format, exported.night.id, exported.payees]).toEqual(['in-between-night/5', nightId, undefined]);
    expect(first.view.nightChecks).toEqual({ nightId, phones: 1 });
    expect(seen.at(-1)?.nightChecks).toEqual({ nightId, phones: 1 });

    // The same phone again is the same phone; a second one makes two; a bad checker id changes nothing.
    await must('getNightToCheck', { nightId, checker: '00000000000000a1' });
    await must('getNightToCheck', { nightId, checker: '00000000000000b2' });
    const bad = await ask('getNightToCheck', { nightId, checker: 'Bob' });
    expect(bad.ok).toBe(false);
    expect(service.getView().nightChecks).toEqual({ nightId, phones: 2 });
  });

  it('R34: the count is bounded per night and over nights, so made-up ids cannot grow it without end', () => {
    const checks = new NightChecks();
    for (let i = 0; i < CHECKERS_PER_NIGHT_MAX + 10; i++) checks.record('n1', i.toString(16).padStart(16, '0'));
    expect(checks.count('n1')).toBe(CHECKERS_PER_NIGHT_MAX);
    for (let night = 2; night <= CHECKED_NIGHTS_KEPT + 1; night++) checks.record(`n${night}`, '00000000000000a1');
    expect(checks.count('n1')).toBe(0);
    expect(checks.count(`n${CHECKED_NIGHTS_KEPT + 1}`)).toBe(1);
  });
});
