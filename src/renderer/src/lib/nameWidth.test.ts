import { describe, expect, it } from 'vitest';
import { graphemesOf, nameEms, phoneName, phoneNamesAmong } from './nameWidth';

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

describe('names on the TV among the names of the table', () => {
  it('cuts a long name to 11 characters and an ellipsis, and keeps one of up to 12 whole', () => {
    const written = phoneNamesAmong(['Bartholomew Fitz', 'José María', '王小明', 'Lou Latecomer']);
    expect(written.get('Bartholomew Fitz')).toBe('Bartholomew…');
    expect(written.get('José María')).toBe('José María');
    expect(written.get('王小明')).toBe('王小明');
    expect(written.get('Lou Latecomer')).toBe(phoneName('Lou Latecomer'));
  });

  it('counts CJK and emoji by character: 12 of them stay whole, a 13th cuts the name to 11 and an ellipsis', () => {
    expect(phoneName('山田太郎山田太郎山田太郎')).toBe('山田太郎山田太郎山田太郎');
    expect(phoneName('山田太郎山田太郎山田太郎山')).toBe('山田太郎山田太郎山田太…');
    expect(phoneName('🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀')).toBe('🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀');
    expect(phoneName('Bartholomew Featherstonehaugh')).toBe('Bartholomew…');
  });

  it('tells apart two names alike once cut: each keeps its start and its end, 12 characters', () => {
    const written = phoneNamesAmong(['Christopher Smith', 'Christopher Jones', 'Ann']);
    expect(written.get('Christopher Smith')).toBe('Chris…Smith');
    expect(written.get('Christopher Jones')).toBe('Chris…Jones');
    expect(graphemesOf(written.get('Christopher Smith') as string)).toHaveLength(11);
    expect(written.get('Ann')).toBe('Ann');
    // Alone, the same name is cut as everywhere.
    expect(phoneNamesAmong(['Christopher Smith']).get('Christopher Smith')).toBe('Christopher…');
  });

  it('three alike are all told apart, and a name of 12 whole is never changed for them', () => {
    const names = ['Alexandrina Kowalczyk', 'Alexandrina Lindqvist', 'Alexandrina Ng Ferreira', 'Alexandrina!'];
    const written = phoneNamesAmong(names);
    expect(new Set(names.map((n) => written.get(n))).size).toBe(4);
    expect(written.get('Alexandrina!')).toBe('Alexandrina!');
  });

  it('leaves two names alike at both ends as phoneName cuts them (no form of 12 tells them apart)', () => {
    const written = phoneNamesAmong(['Alexandrina Maria Silva', 'Alexandrina Julia Silva']);
    expect(written.get('Alexandrina Maria Silva')).toBe('Alexandrina…');
    expect(written.get('Alexandrina Julia Silva')).toBe('Alexandrina…');
  });
});
