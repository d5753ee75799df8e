import { describe, expectTypeOf, it } from 'vitest';
import type { ApiResult, DataOf, DealerApi, ExportFile, NightDetail, NightListItem, RunningTab } from '../../shared';
import type { DealerService } from './service';
import type { Handler, HandlerMap } from './outcome';
import { sessionHandlers, type SessionCommand } from './handlers';
import type { PhoneCommand, SessionPart } from './parts';

/**
 * Typed answers (docs/design.md "Principles"): what a command answers is
 * declared once (CommandData beside DealerApi, read through DataOf), and
 * every handler, the session's door and each bridge are held to it by the
 * compiler. `npm run typecheck` compiles this file: each `@ts-expect-error`
 * below fails the typecheck if the wrong answer were ever accepted.
 */
describe('typed answers', () => {
  it("a question's handler answers with its own data, and a change answers with none", () => {
    const nights: Handler<'listNights'> = () => ({ ok: true, data: [] });
    // @ts-expect-error the nights list is a list, not one night's detail
    const wrongShape: Handler<'listNights'> = () => ({ ok: true, data: { turns: [] } });
    // @ts-expect-error a question that answers must hand back its data
    const noAnswer: Handler<'getTab'> = () => ({ ok: true });
    // @ts-expect-error a bet changes the night and answers with the view alone
    const betWithData: Handler<'bet'> = () => ({ ok: true, data: 3 });
    const refused: Handler<'getNight'> = () => ({ ok: false, error: { code: 'unknown-night', message: 'no such night' } });
    expectTypeOf(nights).returns.toEqualTypeOf<ReturnType<Handler<'listNights'>>>();
    for (const handler of [wrongShape, noAnswer, betWithData, refused]) expectTypeOf(handler).toBeFunction();
  });

  it('the session maps every command of its own to a handler typed by its name, and a part does the same for its own', () => {
    expectTypeOf(sessionHandlers).returns.toEqualTypeOf<HandlerMap<SessionCommand>>();
    const phones: SessionPart<PhoneCommand>['handlers'] = {
      setPhoneAccess: () => ({ ok: true }),
      // @ts-expect-error a new phone link answers with the view alone
      newPhoneLink: () => Promise.resolve({ ok: true, data: 'link' }),
    };
    expectTypeOf(phones).toBeObject();
    expectTypeOf<ReturnType<ReturnType<typeof sessionHandlers>['getNight']>>().toExtend<{ ok: true; data: NightDetail } | { ok: false }>();
  });

  it('the door and every bridge hand back the answer of the command asked, with no cast at the caller', () => {
    const door = {} as DealerService;
    expectTypeOf(door.run<'getTab'>).returns.resolves.toEqualTypeOf<ApiResult<RunningTab>>();
    expectTypeOf<Awaited<ReturnType<DealerApi['listNights']>>>().toEqualTypeOf<ApiResult<NightListItem[]>>();
    expectTypeOf<Awaited<ReturnType<DealerApi['exportNight']>>>().toEqualTypeOf<ApiResult<ExportFile>>();
    expectTypeOf<DataOf<'deal'>>().toEqualTypeOf<undefined>();
    // @ts-expect-error the running tab is not the nights list
    expectTypeOf<DataOf<'getTab'>>().toEqualTypeOf<NightListItem[]>();

    const answer = {} as Awaited<ReturnType<DealerApi['getNight']>>;
    if (answer.ok) expectTypeOf(answer.data).toEqualTypeOf<NightDetail>();
  });
});
