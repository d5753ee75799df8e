/**
 * Reading a night's results, its settlement and the all-time leaderboard the
 * way the host reads them: the rows and words on the screen. Money is kept in
 * cents so sums over nights add up exactly.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** One row of a results table (R23). */
export interface ResultRow {
  boughtIn: number;
  finalChips: number;
  netChips: number;
  netCents: number;
  won: boolean;
}

/** One row of the all-time leaderboard. */
export interface StandingRow {
  name: string;
  netCents: number;
  netChips: number;
  nights: number;
  nightsWon: number;
}

export interface TransferLine {
  from: string;
  to: string;
  cents: number;
}

/** "+4.50 EUR", "-3 EUR", "0" → cents. */
function moneyCents(text: string): number {
  const match = /([+-]?)([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match?.[2]) throw new Error(`no amount of money in "${text}"`);
  const cents = Math.round(Number(match[2].replace(/,/g, '')) * 100);
  return match[1] === '-' ? -cents : cents;
}

function int(text: string): number {
  const n = Number(text.trim().replace(/^\+/, ''));
  if (!Number.isInteger(n)) throw new Error(`not a whole number: "${text}"`);
  return n;
}

async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.locator('td').allInnerTexts()).map((s) => s.trim());
}

/** The results table inside `scope`, by player id. */
export async function readResults(scope: Locator): Promise<Record<string, ResultRow>> {
  const out: Record<string, ResultRow> = {};
  for (const row of await scope.locator('[data-testid^="result-"]').all()) {
    const id = (await row.getAttribute('data-testid'))!.slice('result-'.length);
    const [, boughtIn = '', finalChips = '', netChips = '', netMoney = ''] = await cellsOf(row);
    out[id] = {
      boughtIn: int(boughtIn),
      finalChips: int(finalChips),
      netChips: int(netChips),
      netCents: moneyCents(netMoney),
      won: ((await row.getAttribute('class')) ?? '').split(/\s+/).includes('won'),
    };
  }
  return out;
}

/** The settlement's transfer lines: "{from} pays {to} {amount}". */
export async function readTransfers(settlement: Locator): Promise<TransferLine[]> {
  const lines = (await settlement.getByTestId('transfer').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
  return lines.map((line) => {
    // A party is a one-word name, or the bank (M3); the console's line has the players' marks around it.
    const match = /(the bank|\S+) pays (the bank|\S+) (\S+)/.exec(line);
    if (!match) throw new Error(`not a transfer line: "${line}"`);
    return { from: match[1]!, to: match[2]!, cents: moneyCents(match[3]!) };
  });
}

/** The leaderboard, by player id. */
export async function readStandings(page: Page): Promise<Record<string, StandingRow>> {
  const out: Record<string, StandingRow> = {};
  for (const row of await page.getByTestId('standings').locator('[data-testid^="standings-row-"]').all()) {
    const id = (await row.getAttribute('data-testid'))!.slice('standings-row-'.length);
    const [, , netMoney = '', netChips = '', nights = '', nightsWon = ''] = await cellsOf(row);
    // The name cell starts with the player's mark (initials): only its own text is the name.
    const name = await row
      .locator('td')
      .nth(1)
      .evaluate((td) =>
        [...td.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim(),
      );
    out[id] = { name, netCents: moneyCents(netMoney), netChips: int(netChips), nights: int(nights), nightsWon: int(nightsWon) };
  }
  return out;
}

/** The text of every row of a table, whitespace collapsed: what "exactly as before" compares. */
export async function rowTexts(table: Locator): Promise<string[]> {
  return (await table.locator('tr').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());
}

/** Presses a key that makes the page download a file; saves it under `dir` and returns its path and name. */
export async function downloadByKey(page: Page, key: string, dir: string): Promise<{ path: string; name: string }> {
  mkdirSync(dir, { recursive: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press(key)]);
  const name = download.suggestedFilename();
  const path = join(dir, name);
  await download.saveAs(path);
  return { path, name };
}
