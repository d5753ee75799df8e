import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChild } from '../../../harness/childBuild';
import type { PairingStart } from '../../shared';
import { LanPairing, PEERS_FILE } from '../group/pairing';
import { lanLaptop, type LanLaptop } from './testing/lanLaptop';
import { CRASH_GROUP } from './testing/lanLaptop';
import { MemoryGroupFiles } from './testing/memoryGroupFiles';

/**
 * Pulls the plug while two laptops pair (docs/group-lan.md): one of them is
 * a child process killed with SIGKILL at a random moment of the pairing,
 * 30 times, the laptop showing the code and the one typing it in turn.
 * After every kill the killed laptop's pairings read whole (never a half
 * file, nothing set aside), and pairing again works: both then hold each
 * other once, and their files go both ways.
 */

const KILLS = 30;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-paircrash-'));
let child = '';

beforeAll(async () => {
  child = await buildChild('src/main/host/testing/pairingCrashChild.ts');
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Laptop {
  lan: LanLaptop;
  files: MemoryGroupFiles;
}

async function laptopIn(dataRoot: string, laptopId: string, group: typeof CRASH_GROUP | null): Promise<Laptop> {
  const files = new MemoryGroupFiles(laptopId, laptopId, group);
  files.publish(`nights/${laptopId}.jsonl`, `${laptopId}\n`);
  const lan = await lanLaptop({
    dataRoot,
    rendererDir: work,
    files,
    ports: [0],
    listenAddress: '127.0.0.1',
    addresses: () => ['127.0.0.1'],
    syncEveryMs: 60_000,
  });
  return { lan, files };
}

/** Starts the child; `onLine` hears each line it prints; resolves once it has died. */
function runChild(args: string[], onLine: (line: string, kill: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const kill = (): void => void proc.kill('SIGKILL');
    const giveUp = setTimeout(kill, 20_000);
    let buffered = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        onLine(line, kill);
      }
    });
    proc.on('exit', () => {
      clearTimeout(giveUp);
      resolve();
    });
  });
}

/** The killed laptop's pairings as it reads them again: whole, never set aside. */
function pairingsAfterKill(dataRoot: string): string[] {
  const pairing = new LanPairing(dataRoot);
  const folder = path.dirname(path.join(dataRoot, PEERS_FILE));
  const setAside = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.includes('unreadable')) : [];
  expect(setAside).toEqual([]);
  return pairing.list().map((peer) => peer.laptopId);
}

/** Pairing again from scratch: both hold each other exactly once, and a night of each goes to the other. */
async function pairAgain(shower: Laptop, joiner: Laptop): Promise<void> {
  const started = await shower.lan.run('host', 'groupPairStart', {});
  if (!started.ok) throw new Error(started.error.message);
  const start = started.data as PairingStart;
  const joined = await joiner.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
  expect(joined.ok ? 'ok' : joined.error.code).toBe('ok');
  await shower.lan.syncNow();
  expect(shower.lan.getView().groupLan?.paired.map((p) => p.laptopId)).toEqual([joiner.files.laptopId]);
  expect(joiner.lan.getView().groupLan?.paired.map((p) => p.laptopId)).toEqual([shower.files.laptopId]);
  expect(joiner.files.text(shower.files.laptopId, `nights/${shower.files.laptopId}.jsonl`)).toBe(`${shower.files.laptopId}\n`);
  expect(shower.files.text(joiner.files.laptopId, `nights/${joiner.files.laptopId}.jsonl`)).toBe(`${joiner.files.laptopId}\n`);
}

describe('SIGKILL while pairing', () => {
  it(`leaves no half pairing and pairing again works (${KILLS} kills, either laptop)`, { timeout: 240_000 }, async () => {
    const outcomes = new Map<string, number>();
    for (let kill = 0; kill < KILLS; kill++) {
      const showerRoot = path.join(work, `shower-${kill}`);
      const joinerRoot = path.join(work, `joiner-${kill}`);
      const showerId = `l-${kill.toString(16).padStart(14, '0')}a0`;
      const joinerId = `l-${kill.toString(16).padStart(14, '0')}b0`;
      // From before the first message to after the pairing is kept on both sides (a pairing takes some 10-100 ms here).
      const delayMs = randomInt(0, kill % 2 === 0 ? 400 : 150);
      if (kill % 2 === 0) {
        // The laptop typing the code is killed.
        const shower = await laptopIn(showerRoot, showerId, CRASH_GROUP);
        const started = await shower.lan.run('host', 'groupPairStart', {});
        if (!started.ok) throw new Error(started.error.message);
        const start = started.data as PairingStart;
        let said = 'none';
        await runChild([joinerRoot, joinerId, 'join', start.addresses[0] ?? '', start.code], (line, killChild) => {
          said = line;
          if (line === 'joining') setTimeout(killChild, delayMs);
          if (line.startsWith('joined')) killChild();
        });
        const stage = `joiner killed ${said === 'joining' ? 'while joining' : 'once joined'}, ${shower.lan.getView().groupLan?.paired.length ? 'after' : 'before'} the code was taken`;
        outcomes.set(stage, (outcomes.get(stage) ?? 0) + 1);
        pairingsAfterKill(joinerRoot);
        const joiner = await laptopIn(joinerRoot, joinerId, null);
        try {
          await pairAgain(shower, joiner);
        } finally {
          await shower.lan.shutDown();
          await joiner.lan.shutDown();
        }
      } else {
        // The laptop showing the code is killed while the other types it.
        const joiner = await laptopIn(joinerRoot, joinerId, null);
        let joining: Promise<unknown> = Promise.resolve();
        await runChild([showerRoot, showerId, 'show'], (line, killChild) => {
          const [word, address, code] = line.split(' ');
          if (word !== 'code') return;
          joining = joiner.lan.run('host', 'groupPairJoin', { address, code });
          setTimeout(killChild, delayMs);
        });
        const result = (await joining) as { ok: boolean; error?: { code: string } };
        const said = result.ok ? 'ok' : (result.error?.code ?? '?');
        outcomes.set(`shower killed, join said ${said}`, (outcomes.get(`shower killed, join said ${said}`) ?? 0) + 1);
        pairingsAfterKill(showerRoot);
        const shower = await laptopIn(showerRoot, showerId, CRASH_GROUP);
        try {
          await pairAgain(shower, joiner);
        } finally {
          await shower.lan.shutDown();
          await joiner.lan.shutDown();
        }
      }
    }
    // Where the kills fell, for the record (the kill moments are random).
    console.log(Object.fromEntries(outcomes));
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(KILLS);
  });
});
