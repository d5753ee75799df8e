import { commandArgs, commandError, type ApiResult, type AppView, type CommandName, type DataOf, type Role } from '../../shared';
import { admit } from '../session/door';
import type { DealerService, TableWitnessDesk } from '../session/service';
import { NightChecks } from './nightChecks';
import { PhoneAccess, type PhoneAccessOptions } from './phoneAccess';

/**
 * The session with phones around it: the same one writer (`inner`), whose
 * view also says whether phones may watch (`phones`), and which answers the
 * two phone commands itself (setPhoneAccess, newPhoneLink) by starting,
 * stopping or re-keying the LAN listener (phoneAccess.ts). The listener
 * serves this very service, so phones see the views the TV sees. The two
 * commands it answers go through the session's one door first (door.ts:
 * only the host may send them); the rest go to the session's `run`, the
 * door itself. It also counts the phones that fetched a night to check
 * it (getNightToCheck, R34) and says so in the view (`nightChecks`).
 */
export interface PhoneAwareService extends DealerService {
  readonly phones: PhoneAccess;
  /** Stops the listener (every phone disconnected), then closes the session. */
  shutDown(): Promise<void>;
}

const PHONE_COMMANDS = new Set<CommandName>(['setPhoneAccess', 'newPhoneLink']);

export function withPhoneAccess(inner: DealerService, options: PhoneAccessOptions): PhoneAwareService {
  const phones = new PhoneAccess(options);
  const listeners = new Set<(view: AppView) => void>();

  const checks = new NightChecks();
  /**
   * What `merged` gave last: the same view object until the session's view,
   * the phones (or how many are connected) or the checks change, so an answer made with it can be kept
   * and shared while it is the view (ScreenAnswers, replySerialiser).
   */
  let last: { inner: AppView; version: number; connected: number; view: AppView } | null = null;
  /** Bumped whenever the phones or the checks change what `merged` gives. */
  let version = 0;
  const merged = (view: AppView): AppView => {
    const connected = phones.connectedCount;
    if (last && last.inner === view && last.version === version && last.connected === connected) return last.view;
    const nightId = view.night?.id;
    const checked = nightId === undefined ? 0 : checks.count(nightId);
    const made: AppView = {
      ...view,
      phones: phones.view(),
      ...(nightId !== undefined && checked > 0 ? { nightChecks: { nightId, phones: checked } } : {}),
    };
    last = { inner: view, version, connected, view: made };
    return made;
  };
  const tell = (view: AppView): void => {
    for (const listener of listeners) listener(view);
  };
  inner.onView((view) => tell(merged(view)));
  phones.onChange(() => {
    version++;
    tell(merged(inner.getView()));
  });

  /** A phone fetched a night to check it: the TV says how many did, once per phone. */
  function countCheck(args: unknown): void {
    const { nightId, checker } = args as { nightId: string; checker: string };
    if (!checks.record(nightId, checker)) return;
    version++;
    tell(merged(inner.getView()));
  }

  const service: PhoneAwareService = {
    phones,
    getView: () => merged(inner.getView()),
    onView(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async run<K extends CommandName>(role: Role, command: K, args: unknown): Promise<ApiResult<DataOf<K>>> {
      if (!PHONE_COMMANDS.has(command)) {
        const result = await inner.run(role, command, args);
        if (!result.ok) return result;
        if (command === 'getNightToCheck') countCheck(args);
        return { ...result, view: merged(result.view) };
      }
      const admitted = admit(role, command);
      if (!admitted.ok) return admitted;
      const parsed = commandArgs[command].safeParse(args);
      if (!parsed.success)
        return { ok: false, error: commandError('invalid-input', parsed.error.issues[0]?.message ?? 'the request is malformed') };
      if (command === 'newPhoneLink') await phones.newLink();
      else if ((parsed.data as { on: boolean }).on) await phones.turnOn(service);
      else await phones.turnOff();
      // The phones' two commands answer with the view alone (DataOf is undefined for both).
      return { ok: true, view: service.getView() } as ApiResult<DataOf<K>>;
    },
    // The phones' witness requests reach the session's desk; its answers carry the view with `phones`.
    ...(inner.tableWitnesses ? { tableWitnesses: mergedDesk(inner.tableWitnesses, merged) } : {}),
    close() {
      void phones.close().finally(() => inner.close());
    },
    async shutDown() {
      await phones.close();
      inner.close();
    },
  };
  return service;
}

function mergedDesk(desk: TableWitnessDesk, merged: (view: AppView) => AppView): TableWitnessDesk {
  return {
    async answer(method, args, line) {
      const result = await desk.answer(method, args, line);
      return result.ok ? { ...result, view: merged(result.view) } : result;
    },
    lineClosed: (line) => desk.lineClosed(line),
  };
}
