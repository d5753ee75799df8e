/**
 * How many messages a read-only screen may send (the phones' listener): a
 * bucket of `burst` messages that refills at `perSecond`. A phone asks for
 * the view when it connects or wakes and for the running tab when a night
 * ends, far below this; a page or script asking in a loop is refused
 * (`too-many-questions`) and the host stops reading its socket until the
 * bucket has room again, so a flood costs the host one refusal per refill.
 *
 * The bucket belongs to the phone, not to its socket: a phone is its link's
 * token and its address (PhoneAllowances), so opening more sockets, or
 * closing one and opening another, gives it no fresh allowance.
 */
export interface QuestionRate {
  perSecond: number;
  burst: number;
}

export const PHONE_QUESTION_RATE: QuestionRate = { perSecond: 1, burst: 8 };

export class QuestionBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly rate: QuestionRate,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = rate.burst;
    this.updatedAt = now();
  }

  /** Takes one question from the bucket: false when it is empty. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until the next question is allowed (0 when one is now). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate.perSecond) * 1000);
  }

  /** Full again: forgetting it now gives its phone nothing it would not have anyway. */
  get full(): boolean {
    this.refill();
    return this.tokens >= this.rate.burst;
  }

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((at - this.updatedAt) / 1000) * this.rate.perSecond);
    this.updatedAt = at;
  }
}

/**
 * One bucket per phone (its token and its address), shared by all its
 * sockets. A phone's bucket is kept after its last socket closes until it
 * is full again, so reconnecting never refills it early; then it is let go,
 * so phones that came and went hold no memory.
 */
export class PhoneAllowances {
  private readonly buckets = new Map<string, { bucket: QuestionBucket; sockets: number }>();

  constructor(
    private readonly rate: QuestionRate,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A socket of this phone opened: its bucket (the one it already had, if any). */
  open(token: string | null, address: string | undefined): { bucket: QuestionBucket; close: () => void } {
    const key = `${token ?? ''}\n${address ?? ''}`;
    let entry = this.buckets.get(key);
    if (!entry) {
      entry = { bucket: new QuestionBucket(this.rate, this.now), sockets: 0 };
      this.buckets.set(key, entry);
    }
    entry.sockets++;
    const held = entry;
    let closed = false;
    return {
      bucket: held.bucket,
      close: () => {
        if (closed) return;
        closed = true;
        held.sockets--;
      },
    };
  }

  /** Lets go of the buckets of phones with no socket open whose allowance is whole again (called on the heartbeat). */
  sweep(): void {
    for (const [key, entry] of this.buckets) if (entry.sockets === 0 && entry.bucket.full) this.buckets.delete(key);
  }

  /** Phones whose bucket is held now, for tests. */
  get size(): number {
    return this.buckets.size;
  }
}
