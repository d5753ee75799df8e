/**
 * R34 on the TV: a night whose cards the table draws, started from the
 * console's lobby, with one phone helping deal over the phones' socket
 * (docs/table-draw.md; a bare socket here, the phone page has its own spec).
 * The TV's proof line says who draws (the laptop + 1 phone), the
 * commitment's fingerprint and the cards left in the shoe; once the phone
 * leaves mid-deal it says the phone missed the last card, and from the next deal
 * that the laptop draws alone.
 */
import { expect, test } from '@playwright/test';
import { WebSocket } from 'ws';
import { chainFrom } from '../../src/shared/tableDraw';
import { type WireMessage } from '../../src/shared';
import { witnessPush } from '../../src/shared/witnessWire';
import { nextPicture, picture } from './consolePage';
import { hostForSpecFile } from './hostFixture';

const host = hostForSpecFile('7ab1ed4a11');
const WITNESS = 'a1b2c3d4e5f60718';

/** A phone helping deal: joins with its head and answers every reveal request from its chain. */
async function helpingPhone(phoneUrl: string): Promise<{ close: () => void; answered: () => number }> {
  const link = new URL(phoneUrl);
  const socket = new WebSocket(`ws://${link.host}/ws?role=phone&token=${link.searchParams.get('token') ?? ''}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const chain = chainFrom(
    Uint8Array.from({ length: 32 }, (_, i) => 0x50 + i),
    256,
  );
  let nextId = 1;
  let answered = 0;
  let nightId = '';
  const replies = new Map<number, (message: WireMessage) => void>();
  const ask = (method: string, args: unknown): Promise<WireMessage> => {
    const id = nextId++;
    socket.send(JSON.stringify({ id, method, args }));
    return new Promise((resolve) => replies.set(id, resolve));
  };
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as WireMessage;
    if (message.type === 'reply') replies.get(message.id)?.(message);
    if (message.type !== 'witness') return;
    const push = witnessPush.parse(message.message);
    if (push.kind !== 'reveal-request') return;
    const at = chain.indexOf(push.head);
    answered++;
    void ask('revealDraws', {
      night: push.night,
      witness: push.witness,
      request: push.request,
      values: chain.slice(at + 1, at + 1 + push.count),
    });
  });
  const view = await ask('getView', undefined);
  if (view.type === 'reply' && view.result.ok) nightId = view.result.view.night?.id ?? '';
  const joined = await ask('helpDeal', { night: nightId, witness: WITNESS, head: chain[0] });
  expect(joined).toMatchObject({ type: 'reply', result: { ok: true, data: { witness: WITNESS, from: 'next-deal' } } });
  return { close: () => socket.close(), answered: () => answered };
}

/** What the console presses next: a bet of 1, an ace called high, else Enter (draw, deal). */
function keysFor(phase: string): string[] {
  if (phase === 'bet') return ['1', 'Enter'];
  if (phase === 'ace-call') return ['h'];
  return ['Enter'];
}

test('R34: the TV shows who draws the cards, the commitment and the shoe; a phone that leaves is named, then the laptop draws alone', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const consolePage = await context.newPage();
  const table = await context.newPage();
  await consolePage.goto(host.consoleUrl);
  await table.goto(host.tableUrl);
  await expect(table.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');

  await consolePage.getByTestId('setting-cards').selectOption('table');
  await consolePage.keyboard.press('Escape');
  await consolePage.keyboard.press('n');
  for (const name of ['Ann', 'Bob', 'Cy']) {
    await consolePage.keyboard.type(name);
    await consolePage.keyboard.press('Enter');
  }
  let now = await picture(consolePage);
  await consolePage.keyboard.press('Enter');
  now = await nextPicture(consolePage, now, 'starting the night');

  const phone = await helpingPhone(host.phoneUrl);
  // The draw for dealer: its commitment holds the laptop and the phone (R7, R34).
  await consolePage.keyboard.press('Enter');
  now = await nextPicture(consolePage, now, 'the draw for dealer');
  await expect(table.getByTestId('table-draw-witnesses')).toHaveText('Drawn by the laptop + 1 phone');
  await expect(table.getByTestId('table-draw-commitment')).toHaveText(/^Commitment [0-9a-f]{8}$/);
  await expect(table.getByTestId('table-draw-shoe')).toContainText('of 52 cards left');
  expect(phone.answered()).toBeGreaterThan(0);

  // The first deal is committed with the phone too; it leaves once the posts are up.
  for (let guard = 0; guard < 12 && now.phase !== 'bet'; guard++) {
    for (const key of keysFor(now.phase)) await consolePage.keyboard.press(key);
    now = await nextPicture(consolePage, now, `playing ${now.phase}`);
  }
  await expect(table.getByTestId('table-draw-witnesses')).toHaveText('Drawn by the laptop + 1 phone');
  phone.close();
  // The third card is drawn without it, and the TV names it.
  for (const key of keysFor(now.phase)) await consolePage.keyboard.press(key);
  now = await nextPicture(consolePage, now, 'the bet');
  await expect(table.getByTestId('table-draw-missed')).toHaveText('Missed the last card: a1b2');
  await table.screenshot({ path: 'e2e/artifacts/screenshots/table-draw-missed-tv.jpg', quality: 90 });

  // From the next deal the laptop draws alone, and the TV says so.
  for (let guard = 0; guard < 80 && (await table.getByTestId('table-draw-witnesses').getAttribute('data-phones')) !== '0'; guard++) {
    for (const key of keysFor(now.phase)) await consolePage.keyboard.press(key);
    now = await nextPicture(consolePage, now, `playing ${now.phase}`);
  }
  await expect(table.getByTestId('table-draw-witnesses')).toHaveText('The laptop draws alone');
  await expect(table.getByTestId('table-draw-missed')).toHaveCount(0);
  await context.close();
});
