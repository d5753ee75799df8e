/**
 * R35 *Handed over* (docs/group-lan.md "Handing a night over"), with two real
 * headless hosts paired over loopback and driven by the keyboard in
 * Chromium: between turns, V on Ann's night opens the group screen, where
 * Bob's laptop holds the night 0 lines behind; Alt+H and Enter hand it over;
 * Ann's night screen then says where it went and deals nothing; Bob's group
 * screen says the night was handed there, and Alt+O opens it with every chip
 * as Ann's screen left it and nothing voided; a turn is played on Bob's; and
 * Ann's laptop, told, leaves the night with a notice. Screenshots at
 * 1920x1080 in e2e/artifacts/screenshots/takeover.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { picture, playTurns, sum } from './consolePage';
import { annAndBobWithAnnsNight, journal } from './groupPage';
import { removeDataDir, type HostProcess } from './hostProcess';

const SHOTS = 'e2e/artifacts/screenshots/takeover';
const hosts: HostProcess[] = [];

test.afterAll(async () => {
  for (const host of hosts.splice(0)) {
    await host.stop();
    removeDataDir(host.dataDir);
  }
});

test('R35: Ann hands her night to Bob’s laptop between turns (V, Alt+H); Bob’s opens it (Alt+O) with nothing voided; Ann’s leaves it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const { ann, context, annPage, bobPage } = await annAndBobWithAnnsNight(browser, hosts);
  await playTurns(annPage, 2);
  const annLast = await picture(annPage);
  const { nightId, lines } = journal(ann.dataDir);

  // V from the night: the group screen, Bob's laptop holding every line.
  await annPage.keyboard.press('v');
  await expect(annPage.getByTestId('group-screen')).toBeVisible();
  await expect(annPage.getByTestId('group-live-copies')).toContainText('Bob’s laptop holds this night live, 0 lines behind.', {
    timeout: 10_000,
  });
  // Alt+H with Bob's laptop chosen (the only one paired): a question first.
  await annPage.keyboard.press('Alt+h');
  await expect(annPage.getByTestId('confirm')).toContainText('Hand tonight’s night to Bob’s laptop?');
  await annPage.screenshot({ path: `${SHOTS}/ann-hand-over-question.png` });
  await annPage.keyboard.press('Enter');
  await expect(annPage.getByTestId('group-message')).toContainText('Handed to Bob’s laptop: the night goes on there');
  expect(journal(ann.dataDir).lines).toBe(lines + 1);

  // Back on the night (Esc, Esc): it says where the night went, and Enter deals nothing.
  await annPage.keyboard.press('Escape');
  await annPage.keyboard.press('Escape');
  await expect(annPage.getByTestId('handed-over')).toContainText('This night was handed over to Bob’s laptop');
  await annPage.keyboard.press('Enter');
  await expect(annPage.getByTestId('error')).toContainText('moved to another laptop');
  expect(journal(ann.dataDir).lines).toBe(lines + 1);
  await annPage.screenshot({ path: `${SHOTS}/ann-night-handed-over.png` });

  // Bob's group screen: the night handed here; Alt+O asks to open it, not whether Ann's laptop is off.
  await expect(bobPage.getByTestId('group-live-copies')).toContainText(
    `Ann handed their night to this laptop at line ${lines + 1}: Alt+O opens it here.`,
    { timeout: 10_000 },
  );
  await bobPage.screenshot({ path: `${SHOTS}/bob-group-handed-here.png` });
  await bobPage.keyboard.press('Alt+o');
  await expect(bobPage.getByTestId('confirm')).toContainText('Open Ann’s night here?');
  await bobPage.keyboard.press('Enter');
  // The deal goes on with a deck of Bob's laptop's own, shuffled at once: the table cuts it first (R9-R11).
  await expect(bobPage.getByTestId('phase')).toHaveAttribute('data-phase', 'cut', { timeout: 10_000 });
  const opened = await picture(bobPage);
  expect({ pot: opened.pot, stacks: opened.stacks, turns: opened.turns, lastTurn: opened.lastTurn }).toEqual({
    pot: annLast.pot,
    stacks: annLast.stacks,
    turns: annLast.turns,
    // Nothing voided: the newest turn listed is Ann's last.
    lastTurn: annLast.lastTurn,
  });
  await bobPage.screenshot({ path: `${SHOTS}/bob-console-after-hand-over.png` });

  // The next turn on Bob's laptop, after the cut: every chip still there.
  await playTurns(bobPage, annLast.turns + 1);
  const after = await picture(bobPage);
  expect(sum(after.stacks) + (after.pot ?? 0)).toBe(sum(annLast.stacks) + (annLast.pot ?? 0));

  // Ann's laptop hears that Bob's holds the night, and leaves it with a notice saying where it went.
  await expect(annPage.getByTestId('lobby')).toBeVisible({ timeout: 10_000 });
  await expect(annPage.getByTestId('storage-notices')).toContainText(
    `Night ${nightId} was handed over to Bob’s laptop after its line ${lines + 1} (R35): it goes on there.`,
  );
  await annPage.screenshot({ path: `${SHOTS}/ann-after-hand-over.png` });
  await context.close();
});
