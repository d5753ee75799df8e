import type { AsideLog } from './asideLog';
import type { CountedNights } from './countedNights';
import type { GroupDocs } from './groupDocs';
import type { GroupContext } from './groupTypes';
import type { LaptopMirror } from './laptopMirror';
import type { GroupMembership } from './membership';
import type { OwnShare } from './ownShare';

/**
 * The parts of one group's history (groupHistory.ts), each with one job
 * (docs/group.md): the membership (`group.json`), the mirror of every
 * laptop's files, the group documents, the nights that count, the
 * set-aside log and this laptop's share. Made together by GroupHistory and
 * handed to the intake and the start-up repair, which use them all; no part
 * imports this (type imports count as import circles too).
 */
export interface GroupParts {
  readonly context: GroupContext;
  readonly membership: GroupMembership;
  readonly mirror: LaptopMirror;
  readonly docs: GroupDocs;
  readonly nights: CountedNights;
  readonly aside: AsideLog;
  readonly share: OwnShare;
}
