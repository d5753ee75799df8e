import { describe, expect, it } from 'vitest';
import { fallbackColour, initialsFrom, inkOn, PALETTE, stepColour } from './players';

describe('player colours and initials', () => {
  it('walks the palette both ways and wraps', () => {
    expect(stepColour(PALETTE[0], 1)).toBe(PALETTE[1]);
    expect(stepColour(PALETTE[0], -1)).toBe(PALETTE.at(-1));
    expect(stepColour('#123456', 1)).toBe(PALETTE[0]);
  });

  it('gives an unknown id the same colour every time', () => {
    expect(fallbackColour('p-unknown')).toBe(fallbackColour('p-unknown'));
    expect(PALETTE).toContain(fallbackColour('p-unknown'));
  });

  it('suggests initials from a name', () => {
    expect(initialsFrom('Ana Lopez')).toBe('AL');
    expect(initialsFrom('leo')).toBe('LE');
    expect(initialsFrom('  ')).toBe('');
  });

  it('writes dark on light colours and light on dark ones', () => {
    expect(inkOn('#f2c14e')).toBe('#111111');
    expect(inkOn('#1a237e')).toBe('#ffffff');
  });
});
