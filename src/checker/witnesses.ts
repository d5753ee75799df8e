import type { Findings } from './findings';
import type { CheckedExport } from './schema';

/**
 * R34 *Who was asked*: the membership of every commitment, from the record
 * alone. Each commitment lists the phones that joined, were dropped, came
 * back or left since the one before; together with the draws (who revealed,
 * who was missing) they give the phones of the next commitment: every phone
 * that joined or came back and has not left or been dropped since. A phone
 * missing 3 draws in a row is dropped then (a drop recorded without 3 misses
 * in a row, or 3 misses in a row with no drop, is a finding), and counts
 * from 0 again once it reveals or comes back.
 */

const LAPTOP = '0000000000000000';
const MISSES_BEFORE_DROPPED = 3;

type Table = NonNullable<CheckedExport['table']>;

export function checkWhoWasAsked(table: Table, f: Findings): void {
  const members = new Set<string>();
  const seen = new Set<string>();
  const dropped = new Set<string>();
  const misses = new Map<string, number>();
  let drawn = 0;
  const drawUpTo = (k: number) => {
    for (; drawn < Math.min(k, table.draws.length); drawn++) {
      const draw = table.draws[drawn] as Table['draws'][number];
      for (const { id } of draw.reveals) misses.set(id, 0);
      for (const id of draw.missing) misses.set(id, (misses.get(id) ?? 0) + 1);
    }
  };
  const firstDraw = new Map<string, number>();
  for (const draw of table.draws) if (!firstDraw.has(draw.shoe)) firstDraw.set(draw.shoe, draw.k);
  for (const shoe of table.shoes) {
    if (shoe.renewed) continue;
    const changes = shoe.witnessChanges;
    if (!changes) {
      f.cannotCheck(
        'R34',
        null,
        `shoe ${shoe.id}: which phones joined, were dropped or came back before its commitment is not in the export`,
      );
      return;
    }
    // The commitment was shown after the draws before this shoe's first.
    const committedAfter = (firstDraw.get(shoe.id) ?? table.draws.length + 1) - 1;
    for (const change of changes) {
      const { witness } = change;
      if (change.afterDraw > committedAfter || change.afterDraw < drawn)
        f.violation(
          'R34',
          null,
          `shoe ${shoe.id}: ${witness} ${change.change} between draws ${drawn} and ${committedAfter}`,
          `after draw ${change.afterDraw}`,
        );
      drawUpTo(change.afterDraw);
      if (witness === LAPTOP) f.violation('R34', null, 'the laptop always a witness', `the laptop ${change.change}`);
      else if (change.change === 'joined' || change.change === 'came-back') {
        if (change.change === 'came-back' && !seen.has(witness))
          f.violation('R34', null, `${witness} coming back after helping deal before`, 'it never joined');
        seen.add(witness);
        members.add(witness);
        dropped.delete(witness);
        misses.set(witness, 0);
      } else if (change.change === 'dropped') {
        const missed = misses.get(witness) ?? 0;
        if (missed < MISSES_BEFORE_DROPPED)
          f.violation(
            'R34',
            null,
            `${witness} dropped after ${MISSES_BEFORE_DROPPED} draws missed in a row`,
            `dropped after draw ${change.afterDraw} with ${missed}`,
          );
        members.delete(witness);
        dropped.add(witness);
      } else members.delete(witness);
    }
    drawUpTo(committedAfter);
    for (const id of members) {
      if (!dropped.has(id) && (misses.get(id) ?? 0) >= MISSES_BEFORE_DROPPED) {
        f.violation('R34', null, `${id} dropped: it missed ${misses.get(id)} draws in a row`, `a witness of shoe ${shoe.id}`);
        // Said once: its head in the commitment is not reported again.
        misses.set(id, 0);
      }
    }
    const phones = shoe.heads.map((w) => w.id).filter((id) => id !== LAPTOP);
    const expected = [...members].sort();
    f.same('R34', null, `shoe ${shoe.id}: the phones helping deal when it was committed`, expected, [...phones].sort());
  }
}
