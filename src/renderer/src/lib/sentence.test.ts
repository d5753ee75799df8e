import { describe, expect, it } from 'vitest';
import { oneFullStop } from './sentence';

describe('a prompt ending in a name ends with one full stop', () => {
  it("drops the message's stop after a name that has one", () => {
    expect(oneFullStop('Press Enter to deal to Bartholomew Smythe Jr..')).toBe('Press Enter to deal to Bartholomew Smythe Jr.');
    expect(oneFullStop('it is cut before Bob Jr.. plays.')).toBe('it is cut before Bob Jr. plays.');
    expect(oneFullStop('Deal to Wow!.')).toBe('Deal to Wow!');
    expect(oneFullStop('Deal to Al….')).toBe('Deal to Al…');
  });
  it('leaves every other sentence alone', () => {
    expect(oneFullStop('Press Enter to deal to Bob.')).toBe('Press Enter to deal to Bob.');
    expect(oneFullStop('0.25 each. Next.')).toBe('0.25 each. Next.');
  });
});
