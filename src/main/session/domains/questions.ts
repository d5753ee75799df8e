import type { ParsedCommandArgs } from '../../../shared';
import { answerQuestion, EndedNightAnswers, KeptBoard, payDirectory, type Answer, type QuestionName } from '../../history';
import type { LaptopSigner } from '../../night';
import { historyIndex } from './groupDomain';
import type { HandlerMap } from '../outcome';
import type { SessionState } from '../sessionState';

/** Questions about the history, answered with `data`; nothing changes. */
export function questionHandlers(state: SessionState): HandlerMap<QuestionName> {
  // Answers about ended nights, kept while their index line stays the same, and the whole history's board: this domain's alone.
  const kept = { endedAnswers: new EndedNightAnswers(), board: new KeptBoard() };
  const ask =
    <Q extends QuestionName>(question: Q) =>
    (args: ParsedCommandArgs<Q>) =>
      answer(state, kept, question, args);
  return {
    getTab: ask('getTab'),
    exportTab: ask('exportTab'),
    getPayDetails: ask('getPayDetails'),
    listNights: ask('listNights'),
    getNight: ask('getNight'),
    getStandings: ask('getStandings'),
    verifyNight: ask('verifyNight'),
    getNightToCheck: ask('getNightToCheck'),
    exportNight: ask('exportNight'),
    backup: ask('backup'),
  };
}

/** A question about the history: answered with `data`, nothing changed. */
/** What signs this laptop's own nights in their exports (R35), with the name its group knows it by; none outside a group. */
function ownSigner(state: SessionState): { signer: LaptopSigner; name: string } | undefined {
  const group = state.group.history;
  const signer = group?.signer;
  return group && signer ? { signer, name: group.file.laptopName } : undefined;
}

function answer<Q extends QuestionName>(
  state: SessionState,
  kept: { endedAnswers: EndedNightAnswers; board: KeptBoard },
  question: Q,
  args: ParsedCommandArgs<Q>,
): Answer<Q> {
  return answerQuestion(question, args, {
    repo: state.repo,
    // The group's nights count like this laptop's own (docs/group.md); a backup holds this laptop's only.
    index: question === 'backup' ? state.index : historyIndex(state),
    readGroupNight: (nightId) => state.group.readGroupNight(nightId),
    hostOf: (nightId) => state.group.hostOf(nightId),
    groupRecord: (nightId) => state.group.groupRecord(nightId),
    // R35: in a group this laptop signs its own nights' exports with its key; outside one it holds none, and they go unsigned.
    signer: ownSigner(state),
    roster: state.roster,
    now: state.now(),
    paidTransfers: state.paidTransfers,
    settleModes: state.settleModes,
    live: state.night,
    merges: state.merges,
    pay: { directory: payDirectory(state.roster, state.settings.bankPay), hidden: state.hiddenPay },
    ...kept,
  });
}
