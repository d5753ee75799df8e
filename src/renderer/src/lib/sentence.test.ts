import { describe, expect, it } from 'vitest';
import { joinSentences, oneFullStop } from './sentence';

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

describe('sentences read one after another (the spoken banner)', () => {
  it('adds no full stop after a sentence that already ends in ! ? … or .', () => {
    expect(joinSentences(['The night begins: good luck!', 'Everyone antes 1'])).toBe('The night begins: good luck! Everyone antes 1');
    expect(joinSentences(['Deal again?', 'Waiting…', 'Pot is 4.', 'Bob wins'])).toBe('Deal again? Waiting… Pot is 4. Bob wins');
  });
  it('ends each plain sentence with one full stop', () => {
    expect(joinSentences(['Ann bets 2', 'Ann wins 2'])).toBe('Ann bets 2. Ann wins 2');
  });
});
