import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { paymentSchema, type Payment } from '../src/shared/vocabulary';
import { RULE_PRESETS, ruleSettingsSchema, type RuleSettings } from '../src/shared/settings';
import { nightExportSchema, type NightExport } from '../src/main/night';
import { parseSeedHex } from '../src/main/simulation/seededStream';
import { BOT_NAMES, simulateNight, type SimulationOptions } from './lib/simulation';

/**
 * `npm run simulate -- --players N --turns M --seed HEX --rules PRESET|JSON --out FILE`
 *
 * Plays a night with bot players through the real GameSession and writes its
 * export (docs/export-format.md). The same arguments give the same file, byte
 * for byte. Exit codes: 0 written, 1 the simulation failed, 2 bad arguments.
 */

export const USAGE = `usage: npm run simulate -- --players N --turns M --seed HEX --out FILE [--rules PRESET|JSON] [--chips C] [--host-moves house|every]
  --players N   bot players at the table, 2 to ${BOT_NAMES.length}
  --turns M     turns to play, 1 to 100000 (voided turns do not count)
  --seed HEX    2 to 128 hex digits; the same seed gives the same file byte for byte
  --out FILE    where to write the in-between-night/5 export (JSON)
  --rules R     a preset (${Object.keys(RULE_PRESETS).join(', ')}; default standard)
                or a JSON object of rule settings, e.g. '{"decks":2,"pair":"redeal"}';
                every setting of docs/rules.md: decks, ante, aceLowChoice, pair, consecutive,
                postPays, potAtEnd, pass, maxBet, firstRound, anteWhen; and "payment":
                "cash" or "credit" (default), how the night's buy-ins and cash-outs are paid (M2)
  --chips C     starting chips per player, 2 to 100000 (default 50); busted bots buy back in for as many
  --host-moves M  house (default): latecomers, moves, sitting out and going home on house nights only;
                every: every host action on every night, sitting out and back between two turns, an expense
                paid by a player who left, a void after a correction, and now and then the night reopened (R33)`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

class UsageError extends Error {}

interface SimulateCommand extends SimulationOptions {
  out: string;
}

function wholeNumber(name: string, text: string | undefined, min: number, max: number, fallback?: number): number {
  if (text === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`--${name} is required`);
  }
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  return value;
}

/** `--rules`: a preset, or JSON of rule settings and the night's payment (M2, not a rule of the cards but chosen with them). */
function parseRules(text: string | undefined): { rules: RuleSettings; payment: Payment } {
  if (text === undefined) return { rules: RULE_PRESETS.standard, payment: 'credit' };
  if (Object.hasOwn(RULE_PRESETS, text)) return { rules: RULE_PRESETS[text as keyof typeof RULE_PRESETS], payment: 'credit' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`--rules "${text}" is neither a preset (${Object.keys(RULE_PRESETS).join(', ')}) nor JSON`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new UsageError('--rules: settings: a JSON object of rule settings');
  const { payment: paymentText, ...settings } = json as Record<string, unknown>;
  const payment = paymentSchema.default('credit').safeParse(paymentText);
  if (!payment.success) throw new UsageError(`--rules: payment: "cash" or "credit" (M2), not ${JSON.stringify(paymentText)}`);
  const parsed = ruleSettingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--rules: ${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'not rule settings'}`);
  }
  return { rules: parsed.data, payment: payment.data };
}

export function parseSimulateArgs(argv: readonly string[]): SimulateCommand {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        players: { type: 'string' },
        turns: { type: 'string' },
        seed: { type: 'string' },
        rules: { type: 'string' },
        out: { type: 'string' },
        chips: { type: 'string' },
        'host-moves': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.seed === undefined) throw new UsageError('--seed is required');
  const seed = parseSeedHex(values.seed);
  if (!seed) throw new UsageError(`--seed must be 2 to 128 hex digits (an even count), not "${values.seed}"`);
  if (!values.out) throw new UsageError('--out is required');
  const hostMoves = values['host-moves'] ?? 'house';
  if (hostMoves !== 'house' && hostMoves !== 'every') throw new UsageError(`--host-moves must be "house" or "every", not "${hostMoves}"`);
  return {
    players: wholeNumber('players', values.players, 2, BOT_NAMES.length),
    turns: wholeNumber('turns', values.turns, 1, 100_000),
    startingChips: wholeNumber('chips', values.chips, 2, 100_000, 50),
    seed,
    ...parseRules(values.rules),
    hostMoves,
    out: values.out,
  };
}

/** The money invariants of an ended night (M2, M4): every expense's shares add up to its amount, and the balances to 0. */
function checkMoney(exported: NightExport): void {
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
  for (const expense of exported.expenses) {
    if (sum(expense.shares) !== expense.amount)
      throw new Error(`M4: the shares of expense ${expense.id} add up to ${sum(expense.shares)}, not ${expense.amount}`);
  }
  if (exported.settlement && sum(exported.settlement.balances) !== 0)
    throw new Error(`M2: the balances add up to ${sum(exported.settlement.balances)}, not 0`);
}

export function main(argv: readonly string[], io: CliIo = processIo): number {
  let command: SimulateCommand;
  try {
    command = parseSimulateArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`simulate: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (command.startingChips <= command.rules.ante) {
    io.stderr(`simulate: --chips must be more than the ante of ${command.rules.ante} (R4, R6)\n${USAGE}\n`);
    return 2;
  }
  try {
    const exported = nightExportSchema.parse(simulateNight(command));
    checkMoney(exported);
    fs.mkdirSync(path.dirname(path.resolve(command.out)), { recursive: true });
    fs.writeFileSync(command.out, `${JSON.stringify(exported, null, 2)}\n`);
    const played = exported.turns.filter((t) => !t.void).length;
    io.stdout(
      `simulate: ${played} turns, ${exported.decks.length} decks, ${exported.ledger.length} ledger entries, ${exported.expenses.length} expenses -> ${command.out}\n`,
    );
    return 0;
  } catch (error) {
    io.stderr(`simulate: the simulation failed: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
