/**
 * How many questions a read-only screen may ask (the phones' listener): a
 * bucket of `burst` questions that refills at `perSecond`. A phone asks for
 * the view when it connects or wakes and for the running tab when a night
 * ends, far below this; a page or script asking in a loop is refused
 * (`too-many-questions`) and the host stops reading its socket until the
 * bucket has room again, so a flood costs the host one refusal per refill.
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

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((at - this.updatedAt) / 1000) * this.rate.perSecond);
    this.updatedAt = at;
  }
}
