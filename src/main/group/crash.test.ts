import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChild } from '../../../harness/childBuild';
import { bundleText, importBundle, parseBundle } from './groupBundle';
import { FolderReader } from './groupFolder';
import { publishToFolder } from './ownFolderCopy';
import { GroupHistory } from './groupHistory';
import { isWhole, nightFileName } from './manifest';
import { judgeNight } from './nightIntake';
import { playedNights, testGroup, type SharedNight } from './testing/kit';
import { testContext } from './testing/context';

/**
 * Pulls the plug on the group (docs/group.md): a child process copying its
 * files into the group folder, or importing a group file, is killed with
 * SIGKILL at a random moment, 30 times each. After every kill no half file
 * is taken as whole (nothing is set aside, every night counted is the whole
 * copy its manifest lists) and nothing taken in before is lost.
 */

const KILLS = 30;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'group-crash-'));
let child = '';
const poolDir = path.join(work, 'pool');
let nights: SharedNight[] = [];

beforeAll(async () => {
  child = await buildChild('src/main/group/testing/crashChild.ts');
  nights = playedNights(path.join(work, 'played'), 'crash', { count: 6, turns: 8 }).nights;
  fs.mkdirSync(poolDir);
  for (const night of nights) fs.writeFileSync(path.join(poolDir, `${night.id}.jsonl`), night.versions[0] as Buffer);
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Starts a child, kills it with SIGKILL `waitMs` after it has acknowledged `afterAcks` (0: after it is ready); resolves with its acks. */
function killWhile(args: string[], waitMs: number, afterAcks: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acks: string[] = [];
    let stdout = '';
    let stderr = '';
    let ready = false;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    const arm = () => {
      timer ??= setTimeout(() => proc.kill('SIGKILL'), waitMs);
    };
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      let newline: number;
      while ((newline = stdout.indexOf('\n')) >= 0) {
        const [word, value] = stdout.slice(0, newline).split(' ');
        stdout = stdout.slice(newline + 1);
        if (word === 'ready') {
          ready = true;
          if (afterAcks === 0) arm();
        } else if (word === 'ack' && value !== undefined) {
          acks.push(value);
          if (acks.length >= afterAcks) arm();
        }
      }
    });
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    proc.on('error', reject);
    proc.on('close', (_code, signal) => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      if (signal !== 'SIGKILL' || !ready) reject(new Error(`the child ended by itself (signal ${String(signal)}):\n${stderr}`));
      else resolve(acks);
    });
  });
}

/** Every night a laptop counts is the whole copy its mirror's manifest lists, and passes the night checker. */
function expectWholeNights(group: GroupHistory, where: string): void {
  for (const { laptopId, summary } of group.groupNights()) {
    const name = nightFileName(summary.id);
    const bytes = group.readHeld(laptopId, name);
    expect(isWhole(group.heldFile(laptopId, name), bytes), `${where}: night ${summary.id} is whole`).toBe(true);
    expect(judgeNight(summary.id, bytes as Uint8Array).ok, `${where}: night ${summary.id} passes the checker`).toBe(true);
  }
}

describe('the group survives a kill (docs/group.md)', () => {
  it(
    `a laptop killed ${KILLS} times while it copies its files into the group folder: the other never takes a half file as whole, and loses nothing`,
    { timeout: 300_000 },
    async () => {
      const writerRoot = path.join(work, 'writer');
      const readerRoot = path.join(work, 'reader');
      const folder = path.join(work, 'folder');
      fs.mkdirSync(folder);
      testGroup(writerRoot, 0, {}, folder);
      testGroup(readerRoot, 1);
      let counted = 0;
      for (let kill = 1; kill <= KILLS; kill++) {
        const waitMs = Math.floor(Math.random() * 40);
        await killWhile([writerRoot, 'publish', folder, poolDir], waitMs, Math.floor(Math.random() * 4));
        const where = `kill ${kill} after ${waitMs} ms`;
        // The writer starts again on its own files: every file its manifest lists is whole.
        const writer = GroupHistory.open(testContext(writerRoot, { isOwnNight: () => true }));
        const own = writer?.ownManifest()?.listing;
        for (const [name, entry] of Object.entries(own?.files ?? {}))
          expect(isWhole(entry, writer?.readHeld(writer.laptopId, name)), `${where}: the writer's ${name} is whole`).toBe(true);
        // The reader, started again too, looks at the folder as the kill left it.
        const reader = GroupHistory.open(testContext(readerRoot));
        if (!reader) throw new Error('no reader group');
        for (const report of new FolderReader(reader, folder).readAll()) expect(report.setAside, `${where}: nothing set aside`).toEqual([]);
        expectWholeNights(reader, where);
        expect(reader.groupNights().length, `${where}: no night taken in is lost`).toBeGreaterThanOrEqual(counted);
        counted = reader.groupNights().length;
      }
      // Left to finish, the writer shares everything and the reader takes it all in.
      const writer = GroupHistory.open(testContext(writerRoot, { isOwnNight: () => true }));
      for (const night of nights) {
        const judged = judgeNight(night.id, night.versions[0] as Buffer);
        if (judged.ok) writer?.publishNight(judged.night);
      }
      if (writer) publishToFolder(writer, folder);
      const reader = GroupHistory.open(testContext(readerRoot));
      if (!reader) throw new Error('no reader group');
      new FolderReader(reader, folder).readAll();
      expect(
        reader
          .groupNights()
          .map((n) => n.summary.id)
          .sort(),
      ).toEqual(nights.map((n) => n.id).sort());
      expect(reader.setAsideList()).toEqual([]);
    },
  );

  it(
    `a laptop killed ${KILLS} times while it imports a group file: no half file taken as whole, nothing imported before lost, and the import finishes once left to`,
    { timeout: 300_000 },
    async () => {
      const sourceRoot = path.join(work, 'source');
      const source = testGroup(sourceRoot, 2);
      for (const night of nights) {
        const judged = judgeNight(night.id, night.versions[0] as Buffer);
        if (judged.ok) source.publishNight(judged.night);
      }
      source.publishShared({ roster: [], merges: [], paid: ['mark-1', 'mark-2'], modes: {}, details: {} });
      const file = path.join(work, 'group-export.json');
      fs.writeFileSync(file, bundleText(source, new Date()));
      const importerRoot = path.join(work, 'importer');
      testGroup(importerRoot, 3);
      let counted = 0;
      for (let kill = 1; kill <= KILLS; kill++) {
        const waitMs = Math.floor(Math.random() * 250);
        await killWhile([importerRoot, 'import', file], waitMs, 0);
        const where = `kill ${kill} after ${waitMs} ms`;
        const importer = GroupHistory.open(testContext(importerRoot));
        if (!importer) throw new Error('no importer group');
        importer.takeInMirroredDocs();
        expect(importer.setAsideList(), `${where}: nothing set aside`).toEqual([]);
        expectWholeNights(importer, where);
        expect(importer.groupNights().length, `${where}: no night imported is lost`).toBeGreaterThanOrEqual(counted);
        counted = importer.groupNights().length;
      }
      const importer = GroupHistory.open(testContext(importerRoot));
      if (!importer) throw new Error('no importer group');
      const parsed = parseBundle(fs.readFileSync(file, 'utf8'));
      if (!parsed.ok) throw new Error(parsed.reason);
      importBundle(importer, parsed.bundle);
      importer.takeInMirroredDocs();
      expect(
        importer
          .groupNights()
          .map((n) => n.summary.id)
          .sort(),
      ).toEqual(nights.map((n) => n.id).sort());
      expect(importer.shared().paid).toEqual(['mark-1', 'mark-2']);
    },
  );
});
