import { describe, expect, it } from 'vitest';
import { PhoneAllowances } from './questionRate';

describe('PhoneAllowances', () => {
  it('holds nothing for phones that came, asked until refused, and left, once their allowance is whole again', () => {
    let now = 0;
    const allowances = new PhoneAllowances({ perSecond: 1, burst: 8 }, () => now);
    for (let phone = 0; phone < 200; phone++) {
      const held = allowances.open('token', `127.0.0.${phone + 2}`);
      while (held.bucket.take()) {
        // asks until refused
      }
      held.close();
    }
    allowances.sweep();
    // Still owed: reconnecting now must not give a fresh allowance.
    expect(allowances.size).toBe(200);
    expect(allowances.open('token', '127.0.0.2').bucket.take()).toBe(false);
    now += 8_000;
    allowances.sweep();
    // The one phone still connected keeps its bucket; the 199 that left hold nothing.
    expect(allowances.size).toBe(1);
  });
});
