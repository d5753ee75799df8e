import { describe, expect, it } from 'vitest';
import { graphemesOf, nameEms } from './nameWidth';

describe("a name's width on the TV, estimated so a short name is never cut", () => {
  it('counts an emoji or a CJK character as one character, and as wider than a letter', () => {
    expect(graphemesOf('🎲 Kwame Lee')).toHaveLength(11);
    expect(graphemesOf('👩‍👩‍👧')).toHaveLength(1);
    expect(nameEms('🎲')).toBeGreaterThan(nameEms('W'));
    expect(nameEms('漢')).toBeGreaterThan(nameEms('a'));
  });

  it('wide capitals take more room than narrow letters, and accents change nothing', () => {
    expect(nameEms('WWWW')).toBeGreaterThan(nameEms('illi'));
    expect(nameEms('ẄẄẄ')).toBe(nameEms('WWW'));
  });
});
