import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrDrawing, shortPhoneLink } from './phoneLink';

const LINK = 'http://192.168.1.20:47800/phone.html?token=q3vk7m2x9pfa4hde';

describe('qrDrawing', () => {
  it('draws exactly the dark modules the qrcode library encodes, row runs merged', () => {
    const drawing = qrDrawing(LINK);
    const { modules } = create(LINK, { errorCorrectionLevel: 'M' });
    expect(drawing.size).toBe(modules.size);
    // Paint the path back into a grid and compare it with the library's modules.
    const painted = new Set<string>();
    for (const [, col, row, width] of drawing.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let c = Number(col); c < Number(col) + Number(width); c++) painted.add(`${row},${c}`);
    }
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++)
        expect(painted.has(`${row},${col}`), `${row},${col}`).toBe(Boolean(modules.get(row, col)));
    }
  });

  it('is small enough to read across a room: a viewer link fits a version 4 code or less (33 modules)', () => {
    expect(qrDrawing(LINK).size).toBeLessThanOrEqual(33);
  });
});

describe('shortPhoneLink', () => {
  it('drops the scheme and the page name, keeping the address, port and token', () => {
    expect(shortPhoneLink(LINK)).toBe('192.168.1.20:47800/?token=q3vk7m2x9pfa4hde');
    expect(shortPhoneLink('not a link')).toBe('not a link');
  });
});
