import { checkNight, formatFinding } from '../src/checker';
import { simulateNight } from './lib/simulation';
import { parseSimulateArgs } from './simulate';

/**
 * R34 *Chains that run out*, end to end: a 10,000-turn night of 4 players
 * whose cards the table draws (some 28,000 draws, the laptop's chains of
 * 4,096 renewed at deal commitments) is played to its end by the simulator
 * and judged by the night checker. Too long for the unit tests (about 30 s
 * of CPU); the tests play short chains instead (checkNightTable.test.ts).
 *
 *   npx tsx scripts/longTableNight.ts [TURNS]
 *
 * Exits 1 when the night does not end or the checker has any finding.
 */
const turns = process.argv[2] ?? '10000';
const started = performance.now();
const options = parseSimulateArgs(['--players', '4', '--turns', turns, '--seed', '7b00aa01', '--rules', '{"cards":"table"}', '--out', '-']);
const night = JSON.parse(JSON.stringify(simulateNight(options))) as ReturnType<typeof simulateNight>;
const played = performance.now();
const findings = checkNight(night);
const checked = performance.now();
const newChains = (night.table?.shoes ?? []).filter((s) => s.heads.some((w) => w.new)).length;
process.stdout.write(
  `${night.turns.length} turns, ${night.table?.draws.length ?? 0} draws, ${newChains} new laptop chains, ended ${night.night.endedAt ?? 'never'}; ` +
    `played in ${((played - started) / 1000).toFixed(1)} s, checked in ${((checked - played) / 1000).toFixed(1)} s: ` +
    `${findings.length === 0 ? 'no findings' : findings.map(formatFinding).join('\n')}\n`,
);
process.exitCode = findings.length === 0 && night.night.endedAt !== null ? 0 : 1;
