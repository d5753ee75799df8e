/** One line of the record as read (record.ts): its place, its chain fields and its facts. */
export interface RecordLine {
  /** Its line number in the journal text (the header is line 1). */
  line: number;
  prev: string;
  epoch: number;
  command: { [key: string]: unknown };
  at?: string;
  seeds: { seed: string | null; commitment: string }[];
  table?: unknown[];
  /** R12: the seeds of decks this line retired, shuffled on an earlier line (not hashed: each opens its commitment). */
  revealed?: unknown[];
  /** R35: the cards the line turned, in order (absent when none, and with `cards: table`). */
  shown?: string[];
}
