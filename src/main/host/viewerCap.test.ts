import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { WireMessage } from '../../shared';
import { createConfBackend } from '../store/confBackend';
import { BUILD_MANIFEST } from './phoneAccess';
import { phonesDealer, type PhonesDealer } from './testing/phonesDealer';
import { TABLE_FULL_CLOSE_CODE, TABLE_FULL_REASON } from './server';
import { rawClient } from './testing/rawClient';
import { ViewerSeats } from './viewerSeats';

/**
 * The phones' listener holds at most `maxPhones` sockets, whatever roles
 * come and in whatever order: a socket turned away never held a place, so
 * its going frees none; only an admitted socket leaving does.
 */

const LAN = '192.168.1.20';
const TOKEN = 'tokenabcdefghijk';
const CAP = 2;
let workDir: string;
let service: PhonesDealer;
let port: number;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-viewer-cap-'));
  const rendererDir = join(workDir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'phone.html'), '<!doctype html><title>Phone</title>');
  await writeFile(join(rendererDir, BUILD_MANIFEST), JSON.stringify({ 'phone.html': { file: 'phone.html', isEntry: true } }));
  service = await phonesDealer(
    { storage: createConfBackend(join(workDir, 'data')) },
    {
      rendererDir,
      ports: [0],
      listenAddress: '127.0.0.1',
      addresses: () => [LAN],
      newToken: () => TOKEN,
      limits: { maxPhones: CAP, questionRate: { perSecond: 10_000, burst: 10_000 } },
    },
  );
  const on = await service.run('host', 'setPhoneAccess', { on: true });
  port = on.ok ? (on.view.phones?.port ?? 0) : 0;
});

afterAll(async () => {
  await service.shutDown();
  await rm(workDir, { recursive: true, force: true });
});

/** The roles a page may ask for on the phones' listener: `none` names no role (a console's page), `host` asks for more than it may get. */
type Asked = 'phone' | 'table' | 'none' | 'host';

interface Opened {
  socket: WebSocket;
  /** Let in (its question answered) or turned away (closed with the code and words of a full table). */
  outcome: 'in' | 'full';
  gone: Promise<void>;
}

/** Opens a socket asking for `asked` and waits until it is either answered or turned away. */
function open(asked: Asked): Promise<Opened> {
  const role = asked === 'none' ? '' : `&role=${asked}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${TOKEN}${role}`, { headers: { host: `${LAN}:${port}` } });
    const gone = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, method: 'getView' })));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as WireMessage;
      if (message.type === 'reply' && message.id === 1) resolve({ socket, outcome: 'in', gone });
    });
    socket.once('close', (code, reason) => {
      if (code === TABLE_FULL_CLOSE_CODE && reason.toString() === TABLE_FULL_REASON) resolve({ socket, outcome: 'full', gone });
      else reject(new Error(`closed ${code} ${reason.toString()}`));
    });
  });
}

async function until(look: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!look()) {
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

async function everyoneLeaves(sockets: Opened[]): Promise<void> {
  for (const s of sockets) s.socket.terminate();
  await Promise.all(sockets.map((s) => s.gone));
  await until(() => service.phones.connectedCount === 0, 'every socket to go');
}

describe("the phones' cap", () => {
  it('with the table full, turns away ten more sockets of every role, one after another, and lets the next in only once a phone leaves', async () => {
    const admitted = [await open('phone'), await open('phone')];
    expect(admitted.map((s) => s.outcome)).toEqual(['in', 'in']);
    const turnedAway: Opened[] = [];
    for (const asked of ['phone', 'table', 'none', 'phone', 'table', 'host', 'phone', 'table', 'none', 'phone'] as const) {
      const late = await open(asked);
      expect(late.outcome, asked).toBe('full');
      // Gone for good, its connection too, before the next comes: its going frees nothing.
      await late.gone;
      turnedAway.push(late);
      expect(service.phones.connectedCount).toBe(CAP);
    }
    // The same, through raw clients that never answer the close frame (cut a second later): no place freed either.
    const deaf = await rawClient(port, `/ws?role=phone&token=${TOKEN}`, { reading: true });
    await deaf.closed;
    expect((await open('phone')).outcome).toBe('full');

    admitted[0]!.socket.close();
    await admitted[0]!.gone;
    await until(() => service.phones.connectedCount === CAP - 1, 'a place to free');
    const next = await open('table');
    expect(next.outcome).toBe('in');
    expect((await open('phone')).outcome).toBe('full');
    await everyoneLeaves([...admitted, next]);
  }, 20_000);

  it('whatever the order of arrivals and departures, never holds more than the cap, and frees a place only when an admitted socket leaves', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('open' as const), asked: fc.constantFrom<Asked>('phone', 'table', 'none', 'host') }),
      fc.record({ kind: fc.constant('leave' as const), which: fc.nat(7) }),
      fc.record({ kind: fc.constant('leave-turned-away' as const), which: fc.nat(7) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const admitted: Opened[] = [];
        const turnedAway: Opened[] = [];
        try {
          for (const s of steps) {
            if (s.kind === 'open') {
              const opened = await open(s.asked);
              // Let in exactly when a place is free.
              expect(opened.outcome).toBe(admitted.length < CAP ? 'in' : 'full');
              (opened.outcome === 'in' ? admitted : turnedAway).push(opened);
            } else if (s.kind === 'leave' && admitted.length > 0) {
              const leaving = admitted.splice(s.which % admitted.length, 1)[0]!;
              leaving.socket.close();
              await leaving.gone;
              await until(() => service.phones.connectedCount === admitted.length, 'the place to free');
            } else if (s.kind === 'leave-turned-away' && turnedAway.length > 0) {
              const leaving = turnedAway.splice(s.which % turnedAway.length, 1)[0]!;
              leaving.socket.terminate();
              await leaving.gone;
            }
            expect(service.phones.connectedCount).toBe(admitted.length);
            expect(service.phones.connectedCount).toBeLessThanOrEqual(CAP);
          }
        } finally {
          await everyoneLeaves([...admitted, ...turnedAway]);
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe('the places themselves', () => {
  it('a place is given back once, by the socket that took it; none is taken beyond the cap', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant('take' as const),
            fc.nat(9),
            fc.nat(9).map((n) => ({ again: n })),
          ),
          { maxLength: 40 },
        ),
        (steps) => {
          const seats = new ViewerSeats(3);
          const held: { leave: () => void }[] = [];
          const left: { leave: () => void }[] = [];
          for (const s of steps) {
            if (s === 'take') {
              const seat = seats.take();
              expect(seat === null).toBe(held.length >= 3);
              if (seat) held.push(seat);
            } else if (typeof s === 'number') {
              if (held.length > 0) left.push(...held.splice(s % held.length, 1));
              left.at(-1)?.leave();
            } else if (left.length > 0) {
              // Leaving twice gives nothing more back.
              left[s.again % left.length]!.leave();
            }
            expect(seats.count).toBe(held.length);
          }
        },
      ),
    );
  });
});
