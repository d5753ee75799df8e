import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNights, mergeProblem, nightTransfers, playerAlias, standings, tabOf } from '../history';
import type { NightSummary } from '../store';
import { GroupDocs, type SharedHistory, type SharedPlayer } from './groupDocs';
import { FolderReader } from './groupFolder';
import { publishToFolder } from './ownFolderCopy';
import { GroupHistory } from './groupHistory';
import { judgeNight, type NightJudgement } from './nightIntake';
import { testContext } from './testing/context';
import { chainedJournal, decodeJournal, signatureLine } from '../night';
import { listed, MANIFEST_NAME, manifestBytes, parseManifest } from './manifest';
import { playedNights, TEST_GROUP_ID, testLaptopId, testSigner, type SharedNight } from './testing/kit';

/**
 * docs/group.md: three laptops as separate data folders, each with its own
 * copy of the group folder, edit apart (nights ended and reopened, roster
 * edits, merges and undos, paid marks, settle modes) while a simulated
 * sync tool copies each laptop's files to the others' copies late, in any
 * order, twice, cut short then completed, and beside conflict copies.
 * After quiescence the three show the same nights list, all-time board,
 * running tab, roster and merges, and the same as one laptop that did
 * everything itself. Each laptop signs what it shares (R35); a forger
 * writes edited nights into a laptop's copy of another's subfolder, and the
 * laptops rename themselves: every honest laptop ends with the same signed
 * history and knows every laptop by its last name. GROUP_SCHEDULES sets how
 * many schedules (500 by default).
 */

const SCHEDULES = Number(process.env.GROUP_SCHEDULES ?? 500);
const LAPTOPS = 3;

/** One night of the pool: its first ended copy, and for the first the copy after it was reopened and ended again (R33). */
type PoolNight = SharedNight;
/** Per laptop: the players it brought and the nights it hosts. */
interface PoolLaptop {
  roster: SharedPlayer[];
  nights: PoolNight[];
}

let pool: PoolLaptop[] = [];
let scratch = '';
/** Judged once per distinct copy: the checker's verdict on the same bytes never changes, and the schedules see the same nights again and again. */
const verdicts = new Map<string, NightJudgement>();
function judge(nightId: string, bytes: Uint8Array): NightJudgement {
  const key = `${nightId}/${Buffer.from(bytes).toString('base64')}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = judgeNight(nightId, bytes);
    verdicts.set(key, verdict);
  }
  return verdict;
}

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'group-convergence-'));
  pool = Array.from({ length: LAPTOPS }, (_, l) =>
    playedNights(path.join(scratch, `pool-${l}`), `pool-${l}`, { count: 2, reopenFirst: true, day: `2026-0${l + 2}-01` }),
  );
}, 60_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** What one laptop does, or what the sync tool or a laptop's look at its folder does. */
type Step =
  | { t: 'end' | 'reopen'; l: number; k: number }
  | { t: 'rename' | 'archive'; l: number; p: number; n: number }
  | { t: 'merge'; l: number; p: number; q: number }
  | { t: 'unmerge'; l: number; p: number }
  | { t: 'paid'; l: number; k: number; on: boolean }
  | { t: 'mode'; l: number; k: number; banker: boolean }
  | { t: 'deliver'; from: number; to: number; f: number; fault: 'whole' | 'half' | 'conflict' | 'twice' }
  | { t: 'forge'; from: number; to: number; f: number; keepSignature: boolean }
  | { t: 'laptopName'; l: number; n: number }
  | { t: 'look'; l: number };

const laptop = fc.integer({ min: 0, max: LAPTOPS - 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constantFrom('end' as const, 'reopen' as const), l: laptop, k: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ t: fc.constantFrom('rename' as const, 'archive' as const), l: laptop, p: fc.nat(3), n: fc.nat(5) }),
  fc.record({ t: fc.constant('merge' as const), l: laptop, p: fc.nat(3), q: fc.nat(3) }),
  fc.record({ t: fc.constant('unmerge' as const), l: laptop, p: fc.nat(3) }),
  fc.record({ t: fc.constant('paid' as const), l: laptop, k: fc.nat(1), on: fc.boolean() }),
  fc.record({ t: fc.constant('mode' as const), l: laptop, k: fc.nat(1), banker: fc.boolean() }),
  {
    arbitrary: fc.record({
      t: fc.constant('deliver' as const),
      from: laptop,
      to: laptop,
      f: fc.nat(20),
      fault: fc.constantFrom('whole' as const, 'half' as const, 'conflict' as const, 'twice' as const),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ t: fc.constant('look' as const), l: laptop }), weight: 2 },
  fc.record({ t: fc.constant('forge' as const), from: laptop, to: laptop, f: fc.nat(20), keepSignature: fc.boolean() }),
  fc.record({ t: fc.constant('laptopName' as const), l: laptop, n: fc.nat(5) }),
);

/** One laptop of a schedule: its group, its state of the shared history (as its session holds it), its copy of the group folder. */
class Laptop {
  readonly id: string;
  readonly group: GroupHistory;
  readonly folder: string;
  readonly reader: FolderReader;
  local: SharedHistory;
  /** Its own nights as it holds them (the version it last ended). */
  readonly own = new Map<string, Buffer>();
  /** A forger wrote into its copy of the group folder: what is set aside must then be a forgery refused, nothing true. */
  forgedInto = false;

  constructor(
    readonly n: number,
    root: string,
    clockStart: number,
  ) {
    this.id = testLaptopId(n);
    this.folder = path.join(root, `folder-${n}`);
    fs.mkdirSync(this.folder, { recursive: true });
    let t = clockStart;
    this.group = GroupHistory.start(
      testContext(path.join(root, `data-${n}`), {
        now: () => new Date((t += 1000)),
        isOwnNight: (id) => this.own.has(id),
        judge,
        signer: testSigner(n),
      }),
      {
        format: 'in-between-dealer/group',
        version: 1,
        groupId: TEST_GROUP_ID,
        name: 'Friday game',
        laptopId: this.id,
        laptopName: `Laptop ${n}`,
        folder: this.folder,
        laptops: [],
        peers: [],
      },
    );
    this.local = { roster: pool[n]?.roster ?? [], merges: [], paid: [], modes: {}, details: {} };
    this.reader = new FolderReader(this.group, this.folder);
    this.share();
  }

  /** As the session does after every change: its state recorded in the group documents, its subfolder copied out. */
  share(): void {
    this.group.publishShared(this.local);
    publishToFolder(this.group, this.folder);
  }

  /** As the session's folder watch does: what is there taken in, the merged documents projected, shared again. */
  /** True when anything came (a night, a change of the documents, a file still on its way). */
  look(): boolean {
    const reports = this.reader.readAll();
    for (const report of reports)
      for (const aside of report.setAside) {
        expect(this.forgedInto, `nothing whole and true is set aside: ${aside.reason}`).toBe(true);
        expect(aside.reason, 'only a forgery is set aside').toMatch(/sign|key|replaced by/);
      }
    if (reports.some((r) => r.docsChanged)) {
      const shared = this.group.shared();
      this.local = { ...shared };
    }
    this.share();
    return reports.some((r) => r.nights.length > 0 || r.docsChanged || r.waiting.length > 0);
  }

  publishNight(id: string, bytes: Buffer): void {
    this.own.set(id, bytes);
    const judged = judge(id, bytes);
    if (!judged.ok) throw new Error(judged.reason);
    this.group.publishNight(judged.night);
    publishToFolder(this.group, this.folder);
  }

  index(): NightSummary[] {
    return [...[...this.own].map(([id, bytes]) => summaryOf(id, bytes)), ...this.group.groupNights().map((n) => n.summary)];
  }
}

function summaryOf(id: string, bytes: Buffer): NightSummary {
  const judged = judge(id, bytes);
  if (!judged.ok) throw new Error(judged.reason);
  return judged.summary;
}

/** The history as every screen shows it, from a laptop's nights and shared documents. */
function shown(index: readonly NightSummary[], shared: SharedHistory) {
  const alias = playerAlias(shared.merges);
  const roster = shared.roster.map((p) => ({ ...p }));
  return {
    nights: listNights(index),
    board: standings(index, roster, {}, alias),
    tab: tabOf(index, new Set(shared.paid), shared.modes, alias),
    roster: [...roster].sort((a, b) => a.id.localeCompare(b.id)),
    merges: shared.merges,
  };
}

/** The files of a laptop's subfolder in a folder copy, by name (the sync tool's view: temporary files left out). */
function filesIn(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const entry of fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub), { withFileTypes: true }) : []) {
      const name = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else if (!entry.name.startsWith('~') && !entry.name.includes('conflicted copy')) out.push(name);
    }
  };
  walk('');
  return out.sort();
}

function deliver(from: Laptop, to: Laptop, name: string, fault: 'whole' | 'half' | 'conflict' | 'twice'): void {
  const source = path.join(from.folder, from.id, name);
  const target = path.join(to.folder, from.id, name);
  const bytes = fs.readFileSync(source);
  if (fault === 'whole' && fs.existsSync(target) && fs.readFileSync(target).equals(bytes)) return;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fault === 'half') fs.writeFileSync(target, bytes.subarray(0, Math.floor(bytes.length / 2)));
  else if (fault === 'conflict') fs.writeFileSync(`${target.replace(/(\.[a-z]+)$/, '')} (conflicted copy)${path.extname(target)}`, bytes);
  else fs.writeFileSync(target, bytes);
  if (fault === 'twice') fs.writeFileSync(target, bytes);
}

/**
 * A forger with write access to the group folder: one of `from`'s nights in `to`'s copy edited where the rules do not
 * look (each player's buy-in one chip more), its chain worked out again, `from`'s manifest re-listed to match.
 * `keepSignature`: its signatures left in (made to name the new head), else taken off as if shared before signing.
 */
function forge(from: Laptop, to: Laptop, f: number, keepSignature: boolean): void {
  const dir = path.join(from.folder, from.id);
  const nightsThere = filesIn(dir).filter((name) => name.startsWith('nights/'));
  const name = nightsThere[f % Math.max(1, nightsThere.length)];
  if (!name) return;
  const decoded = decodeJournal(fs.readFileSync(path.join(dir, name), 'utf8'), undefined, { chain: true });
  const entries = decoded.entries.map((entry) =>
    entry.command.type === 'start' ? { ...entry, command: { ...entry.command, startingChips: entry.command.startingChips + 1 } } : entry,
  );
  const { text, head } = chainedJournal(decoded.header.night, entries);
  const signed = decoded.signatures.at(-1);
  const bytes = Buffer.from(keepSignature && signed ? text + signatureLine({ ...signed, head }) : text, 'utf8');
  const parsed = parseManifest(fs.readFileSync(path.join(dir, MANIFEST_NAME)));
  if (!parsed.ok) return;
  const { signature, publicKey, rotations, ...unsigned } = parsed.manifest;
  const kept = keepSignature ? { publicKey, signature, rotations } : {};
  const manifest = { ...unsigned, ...kept, files: { ...unsigned.files, [name]: listed(bytes) } };
  const target = path.join(to.folder, from.id);
  fs.mkdirSync(path.dirname(path.join(target, name)), { recursive: true });
  fs.writeFileSync(path.join(target, name), bytes);
  fs.writeFileSync(path.join(target, MANIFEST_NAME), manifestBytes(manifest));
  to.forgedInto = true;
}

describe('the group converges (docs/group.md)', () => {
  it(`R35: three laptops editing and renaming themselves apart, their files copied late, out of order, twice, cut short, beside conflict copies and forged copies, show the same signed history as one laptop doing everything (${SCHEDULES} schedules)`, () => {
    let run = 0;
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 5, maxLength: 40 }), (steps) => {
        const root = path.join(scratch, `run-${run++}`);
        const laptops = Array.from({ length: LAPTOPS }, (_, n) => new Laptop(n, root, Date.parse('2026-03-01T20:00:00.000Z')));
        // One laptop doing everything: every edit recorded in one document, in the order the laptops made them.
        const solo = new GroupDocs();
        let soloLocal: SharedHistory = { roster: laptops.flatMap((l) => l.local.roster), merges: [], paid: [], modes: {}, details: {} };
        solo.record(soloLocal);
        const soloNights = new Map<string, Buffer>();
        let clock = Date.parse('2026-03-02T20:00:00.000Z');
        const edit = (l: Laptop, change: (h: SharedHistory) => SharedHistory) => {
          l.local = change(l.local);
          l.share();
          soloLocal = change(soloLocal);
          solo.record(soloLocal);
        };
        for (const step of steps) {
          if (step.t === 'deliver') {
            const from = laptops[step.from] as Laptop;
            const to = laptops[step.to] as Laptop;
            if (from === to) continue;
            const names = filesIn(path.join(from.folder, from.id));
            const name = names[step.f % Math.max(1, names.length)];
            if (name) deliver(from, to, name, step.fault);
            // Cut short mid-copy, the file is looked at before the sync tool completes it.
            if (name && step.fault === 'half') to.look();
            continue;
          }
          if (step.t === 'forge') {
            const from = laptops[step.from] as Laptop;
            const to = laptops[step.to] as Laptop;
            if (from !== to) forge(from, to, step.f, step.keepSignature);
            continue;
          }
          const l = laptops[step.l] as Laptop;
          if (step.t === 'look') {
            l.look();
            continue;
          }
          if (step.t === 'laptopName') {
            l.group.rename(`Laptop ${l.n}~${step.n}`);
            l.share();
            continue;
          }
          const hosted = pool[step.l] as PoolLaptop;
          const player = (p: number) => (hosted.roster[p] as SharedPlayer).id;
          switch (step.t) {
            case 'end':
            case 'reopen': {
              const night = hosted.nights[step.k] as PoolNight;
              const held = l.own.get(night.id);
              const next = step.t === 'end' ? (held ? undefined : night.versions[0]) : held ? night.versions[1] : undefined;
              if (!next || held?.equals(next)) break;
              l.publishNight(night.id, next);
              soloNights.set(night.id, next);
              break;
            }
            case 'rename':
            case 'archive': {
              const id = player(step.p);
              const change = (p: SharedPlayer): SharedPlayer =>
                step.t === 'rename' ? { ...p, name: `${p.name.split('~')[0]}~${step.n}` } : { ...p, archived: step.n % 2 === 1 };
              edit(l, (h) => ({ ...h, roster: h.roster.map((p) => (p.id === id ? change(p) : p)) }));
              break;
            }
            case 'merge': {
              const from = player(step.p);
              const into = player(step.q);
              if (mergeProblem(l.local.roster, l.local.merges, from, into) !== null) break;
              const at = new Date((clock += 1000)).toISOString();
              edit(l, (h) => ({ ...h, merges: [...h.merges, { from, into, at, wasArchived: false }] }));
              break;
            }
            case 'unmerge': {
              const from = player(step.p);
              if (!l.local.merges.some((m) => m.from === from)) break;
              edit(l, (h) => ({ ...h, merges: h.merges.filter((m) => m.from !== from) }));
              break;
            }
            case 'paid': {
              const night = hosted.nights[step.k] as PoolNight;
              const bytes = l.own.get(night.id);
              if (!bytes) break;
              const transfer = nightTransfers([summaryOf(night.id, bytes)], new Set())[0];
              if (!transfer) break;
              edit(l, (h) => ({
                ...h,
                paid: step.on ? [...new Set([...h.paid, transfer.id])] : h.paid.filter((id) => id !== transfer.id),
              }));
              break;
            }
            case 'mode': {
              const night = hosted.nights[step.k] as PoolNight;
              if (!l.own.has(night.id)) break;
              edit(l, (h) => ({ ...h, modes: { ...h.modes, [night.id]: step.banker ? 'banker' : 'fewest' } }));
              break;
            }
          }
        }
        // Quiescence: the sync tool copies every file whole, everyone looks, until nothing more moves.
        for (let round = 0, moved = true; moved; round++) {
          expect(round, 'the laptops stop exchanging').toBeLessThan(6);
          for (const from of laptops)
            for (const to of laptops)
              if (from !== to) for (const name of filesIn(path.join(from.folder, from.id))) deliver(from, to, name, 'whole');
          moved = laptops.map((l) => l.look()).some(Boolean);
        }
        const expected = shown(
          [...soloNights].map(([id, bytes]) => summaryOf(id, bytes)),
          solo.read(),
        );
        for (const l of laptops) expect(shown(l.index(), l.group.shared())).toEqual(expected);
        // Every night counted is signed, and every laptop knows every other by the name it last gave itself.
        for (const l of laptops) expect(l.group.groupNights().every((n) => n.signed)).toBe(true);
        for (const l of laptops) for (const other of laptops) expect(l.group.laptopName(other.id)).toBe(other.group.file.laptopName);
        fs.rmSync(root, { recursive: true, force: true });
      }),
      { numRuns: SCHEDULES },
    );
  }, 600_000);
});
