import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppView, CommandName, DataOf, WithData } from '../../shared';
import { seedsInPlay } from '../session/testing/kit';
import { createConfBackend } from '../store/confBackend';
import { BUILD_MANIFEST } from './phoneAccess';
import { phonesDealer, type PhonesDealer } from './testing/phonesDealer';

/**
 * R12 and the phones' link: whatever the host saves (a backup, a kept
 * backup, a night's export) or the app writes to its data folder holds no
 * access token and no seed of a deck still in play.
 */
const TOKEN = 'sekrettokenabcdefghijk';
let workDir: string;
let service: PhonesDealer | null = null;

/** The least of a build the phones' listener serves: a console, a phone page and Vite's manifest. */
async function writeBuild(dir: string): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Console</title>');
  await writeFile(join(dir, 'phone.html'), '<!doctype html><title>Phone</title>');
  await writeFile(join(dir, 'assets/phone-b2.js'), 'console.log("phone")');
  await writeFile(join(dir, 'assets/index-a1.js'), 'console.log("console")');
  const manifest = {
    'index.html': { file: 'assets/index-a1.js', src: 'index.html', isEntry: true },
    'phone.html': { file: 'assets/phone-b2.js', src: 'phone.html', isEntry: true },
  };
  await writeFile(join(dir, BUILD_MANIFEST), JSON.stringify(manifest));
}

/** Every file under a folder, with its text. */
async function everyFile(dir: string): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await everyFile(path)));
    else out.push({ path, text: await readFile(path, 'utf8') });
  }
  return out;
}

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-secrets-'));
  await writeBuild(join(workDir, 'renderer'));
});

afterEach(async () => {
  await service?.shutDown();
  service = null;
  await rm(workDir, { recursive: true, force: true });
});

async function must<K extends CommandName>(command: K, args: unknown): Promise<{ view: AppView } & WithData<DataOf<K>>> {
  const result = await service!.run('host', command, args);
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result;
}

it("R12: no backup, kept backup, export or data file holds the phones' token or the seed of the deck in play", async () => {
  const dataDir = join(workDir, 'data');
  service = await phonesDealer(
    { storage: createConfBackend(dataDir), autoBackups: true, deferBackup: (job) => job() },
    {
      rendererDir: join(workDir, 'renderer'),
      ports: [0],
      listenAddress: '127.0.0.1',
      addresses: () => ['192.168.1.20'],
      newToken: () => TOKEN,
    },
  );
  const { session } = service;
  const on = await must('setPhoneAccess', { on: true });
  expect(JSON.stringify(on.view.phones)).toContain(TOKEN);

  await must('startNight', { players: [{ name: 'Ann' }, { name: 'Bob' }], startingChips: 20, chipValue: 25 });
  // Play on until a deck is in play: its seed is drawn, and not yet retired.
  let view = session.getView();
  let liveSeeds: string[] = [];
  for (let step = 0; liveSeeds.length === 0 && step < 6; step++) {
    const { phase, stateId } = view.night!;
    if (phase === 'draw') view = (await must('drawForDealer', { stateId })).view;
    else if (phase === 'ready') view = (await must('deal', { stateId })).view;
    else if (phase === 'cut') view = (await must('cut', { stateId, cut: 0 })).view;
    liveSeeds = seedsInPlay(session.currentNight);
  }
  expect(liveSeeds.length).toBeGreaterThan(0);
  const nightId = view.night!.id;

  const saved: string[] = [];
  saved.push((await must('backup', {})).data.content);
  for (const format of ['json', 'csv']) saved.push((await must('exportNight', { nightId, format })).data.content);
  for (const text of saved) {
    expect(text).not.toContain(TOKEN);
    for (const seed of liveSeeds) expect(text).not.toContain(seed);
  }

  // The night ends: its decks are retired and the kept backup written after it shows them (R12), never the token.
  await must('endNight', { stateId: session.getView().night!.stateId });
  const files = await everyFile(dataDir);
  expect(files.some((f) => f.path.includes(join('backups', 'in-between-dealer-backup-')))).toBe(true);
  for (const file of files) expect(file.text, file.path).not.toContain(TOKEN);
});
