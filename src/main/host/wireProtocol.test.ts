import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, WITNESS_METHODS, type WireMessage } from '../../shared';
import { describeUntrusted, MAX_QUOTED_CHARS, parseWireRequest, replySerialiser } from './wireProtocol';

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

describe('replies as text', () => {
  it('are exactly what JSON.stringify gives, whatever they hold, with the same answer object serialised once', () => {
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
        for (const message of messages) expect(serialise(message)).toBe(JSON.stringify(message));
      }),
    );
    const detail = { turns: [1, 2, 3] };
    const first = serialise({ type: 'reply', id: 1, result: { ok: true, view: {}, data: detail } } as unknown as WireMessage);
    detail.turns.push(4); // kept answers never change; the text made from one is reused
    expect(serialise({ type: 'reply', id: 1, result: { ok: true, view: {}, data: detail } } as unknown as WireMessage)).toBe(first);
  });
});
