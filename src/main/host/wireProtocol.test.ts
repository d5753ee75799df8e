import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandsFor, type AppView, type WireMessage, type WireRequest } from '../../shared';
import { WITNESS_METHODS } from '../../shared/witnessWire';
import type { DealerService, TableWitnessDesk, WitnessLine } from '../session/service';
import { admit } from '../session/door';
import { answerWireRequest, describeUntrusted, MAX_QUOTED_CHARS, parseWireRequest, replySerialiser, ScreenAnswers } from './wireProtocol';

/** Everything a refusal may say besides the quote: the known methods. */
const KNOWN_LIST = `getView, ${COMMAND_NAMES.join(', ')}, ${WITNESS_METHODS.join(', ')}`.length;
const MOST_AN_ERROR_SAYS = KNOWN_LIST + MAX_QUOTED_CHARS + 100;

describe('parsing a client message: no message may crash the host', () => {
  it('never throws and never echoes more than a short quote, whatever JSON arrives in any field', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.jsonValue(), (id, method, args) => {
        const parsed = parseWireRequest(JSON.stringify({ id, method, args }));
        if (!parsed.ok && parsed.reply.type === 'error') expect(parsed.reply.message.length).toBeLessThanOrEqual(MOST_AN_ERROR_SAYS);
      }),
      { numRuns: 500 },
    );
  });

  it('answers nesting far deeper than the stack allows with a short refusal', () => {
    for (const depth of [5_000, 100_000, 1_000_000]) {
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      for (const text of [`{"id":1,"method":${deep}}`, `{"id":${deep},"method":"getView"}`, deep]) {
        const parsed = parseWireRequest(text);
        expect(parsed.ok, `depth ${depth}`).toBe(false);
        if (!parsed.ok && parsed.reply.type === 'error') expect(parsed.reply.message.length).toBeLessThanOrEqual(MOST_AN_ERROR_SAYS);
      }
    }
  });

  it('quotes at most a short prefix of a long method name, and describes anything else by its kind', () => {
    expect(describeUntrusted('dropTable')).toBe('"dropTable"');
    const long = describeUntrusted('x'.repeat(1_000_000));
    expect(long.length).toBeLessThan(MAX_QUOTED_CHARS + 40);
    expect(long).toContain('(1000000 characters)');
    expect(describeUntrusted([[[1]]])).toBe('an array');
    expect(describeUntrusted({ toString: 'boom' })).toBe('an object');
    expect(describeUntrusted(undefined)).toBe('nothing');
    expect(describeUntrusted(null)).toBe('null');
    expect(describeUntrusted(7)).toBe('a number');
  });

  it('accepts getView and every registry command by name, with its arguments untouched for the service to check', () => {
    expect(parseWireRequest('{"id":1,"method":"getView"}')).toEqual({ ok: true, request: { id: 1, method: 'getView' } });
    for (const name of COMMAND_NAMES) {
      expect(parseWireRequest(JSON.stringify({ id: 2, method: name, args: { any: [1] } }))).toEqual({
        ok: true,
        request: { id: 2, method: name, args: { any: [1] } },
      });
    }
    expect(parseWireRequest('{"id":3,"method":"toString"}')).toMatchObject({ ok: false });
    expect(parseWireRequest('{"id":3,"method":"__proto__"}')).toMatchObject({ ok: false });
  });
});

/** What a client reads: the text, or the fragments of one message joined. */
const received = (sent: string | readonly Buffer[]): string => (typeof sent === 'string' ? sent : Buffer.concat(sent).toString('utf8'));

describe('replies as text', () => {
  it('read as exactly what JSON.stringify gives, whatever they hold', () => {
    const serialise = replySerialiser();
    fc.assert(
      fc.property(fc.integer(), fc.jsonValue(), fc.jsonValue(), (id, data, view) => {
        const messages = [
          { type: 'reply', id, result: { ok: true, view, data } },
          { type: 'reply', id, result: { ok: true, view } },
          { type: 'reply', id, result: { ok: false, error: { code: 'no-night', message: 'x' } } },
          { type: 'view', view },
          { type: 'error', id: null, message: 'x' },
        ] as unknown as WireMessage[];
        for (const message of messages) expect(JSON.parse(received(serialise(message)))).toEqual(JSON.parse(JSON.stringify(message)));
      }),
    );
  });

  it('make the bytes of an answer once, shared by every client asked the same and kept across views: each reply adds only its id', () => {
    const serialise = replySerialiser();
    const view = {};
    const detail = { turns: [1, 2, 3] };
    const first = serialise({ type: 'reply', id: 1, result: { ok: true, view, data: detail } } as unknown as WireMessage);
    detail.turns.push(4); // kept answers never change; the bytes made from one are reused
    const second = serialise({ type: 'reply', id: 2, result: { ok: true, view, data: detail } } as unknown as WireMessage);
    expect(typeof first).not.toBe('string');
    expect((second as Buffer[])[0]).toBe((first as Buffer[])[0]);
    expect((second as Buffer[])[1]).toBe((first as Buffer[])[1]);
    expect(JSON.parse(received(second))).toEqual({ type: 'reply', id: 2, result: { ok: true, view: {}, data: { turns: [1, 2, 3] } } });
    // A new view (a command was accepted): only the view is made again, the answer's bytes are the same.
    const later = serialise({ type: 'reply', id: 3, result: { ok: true, view: { night: null }, data: detail } } as unknown as WireMessage);
    expect((later as Buffer[])[1]).toBe((first as Buffer[])[1]);
    expect(JSON.parse(received(later))).toEqual({
      type: 'reply',
      id: 3,
      result: { ok: true, view: { night: null }, data: { turns: [1, 2, 3] } },
    });
  });
});

describe('R34: a phone helping deal may send its two witness requests, and nothing else changes', () => {
  const view = { night: null } as unknown as AppView;
  function serviceWithDesk(): { service: DealerService; asked: string[]; ran: string[] } {
    const asked: string[] = [];
    const ran: string[] = [];
    const desk: TableWitnessDesk = {
      answer: (method) => {
        asked.push(method);
        return Promise.resolve({ ok: true, view });
      },
      lineClosed: () => undefined,
    };
    const service: DealerService = {
      getView: () => view,
      // The session's one door first, as GameSession.run does.
      run: (role, command) => {
        const admitted = admit(role, command);
        if (!admitted.ok) return Promise.resolve(admitted);
        ran.push(command);
        return Promise.resolve({ ok: true, view });
      },
      onView: () => () => undefined,
      close: () => undefined,
      tableWitnesses: desk,
    };
    return { service, asked, ran };
  }
  const line: WitnessLine = { send: () => undefined };
  const request = (method: string): WireRequest => {
    const parsed = parseWireRequest(JSON.stringify({ id: 1, method, args: {} }));
    if (!parsed.ok) throw new Error(`not parsed: ${method}`);
    return parsed.request;
  };
  const code = (message: WireMessage): string | undefined =>
    message.type === 'reply' && !message.result.ok ? message.result.error.code : undefined;

  it('R34: helpDeal and revealDraws reach the witness desk from a phone socket only; the TV and the console are refused by role', async () => {
    const { service, asked } = serviceWithDesk();
    for (const method of WITNESS_METHODS) expect(code(await answerWireRequest(service, request(method), 'phone', line))).toBeUndefined();
    expect(asked).toEqual([...WITNESS_METHODS]);
    for (const role of ['table', 'host'] as const)
      expect(code(await answerWireRequest(service, request('helpDeal'), role, line))).toBe('forbidden-role');
    expect(asked).toHaveLength(2);
  });

  it('R34: every command of the registry a phone could not send before is still refused from a phone', async () => {
    const { service, ran } = serviceWithDesk();
    for (const command of COMMAND_NAMES.filter((name) => !commandsFor('phone').includes(name))) {
      expect(code(await answerWireRequest(service, request(command), 'phone', line)), command).toBe('forbidden-role');
    }
    expect(ran).toEqual([]);
  });

  it('R34: a dealer without a witness desk says phones cannot help', async () => {
    const { service } = serviceWithDesk();
    const bare: DealerService = { getView: service.getView, run: service.run, onView: service.onView, close: service.close };
    expect(code(await answerWireRequest(bare, request('helpDeal'), 'phone', line))).toBe('phones-unavailable');
  });
});

describe("the read-only screens' answers, shared while the view is the same", () => {
  it('asks the session once for a question every phone asks, again once the view changed; never keeps a refusal or a witness request', async () => {
    let view = { night: null } as unknown as AppView;
    const screens = new ScreenAnswers({ getView: () => view });
    let asked = 0;
    const answered = (ok: boolean) => async (): Promise<WireMessage> => {
      asked++;
      return ok
        ? { type: 'reply', id: 1, result: { ok: true, view, data: { nights: asked } } }
        : { type: 'reply', id: 1, result: { ok: false, error: { code: 'unknown-night', message: 'x' } } };
    };
    const question = (id: number, method = 'getNight', args: unknown = { nightId: 'n1' }) =>
      ({ id, method, args }) as unknown as WireRequest;

    const first = await screens.answer(question(1), 'phone', answered(true));
    const again = await screens.answer(question(2), 'phone', answered(true));
    expect(asked).toBe(1);
    expect(again).toEqual({ ...first, id: 2 });
    // Other arguments are another question.
    await screens.answer(question(3, 'getNight', { nightId: 'n2' }), 'phone', answered(true));
    expect(asked).toBe(2);
    // The view changed (a command was accepted): asked again.
    view = { night: null } as unknown as AppView;
    await screens.answer(question(4), 'phone', answered(true));
    expect(asked).toBe(3);
    // A refusal and a witness request are never kept.
    await screens.answer(question(5, 'getNight', { nightId: 'gone' }), 'phone', answered(false));
    await screens.answer(question(6, 'getNight', { nightId: 'gone' }), 'phone', answered(false));
    await screens.answer(question(7, 'revealDraws', {}), 'phone', answered(true));
    await screens.answer(question(8, 'revealDraws', {}), 'phone', answered(true));
    expect(asked).toBe(7);
  });
});
