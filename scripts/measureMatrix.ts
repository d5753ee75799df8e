import { checkSimulatedNights, describeFindings } from './lib/checkedNights';
const from = Number(process.argv[2] ?? 0);
const to = Number(process.argv[3] ?? 2000);
const r = checkSimulatedNights(from, to);
const violations = r.withFindings.reduce((s, n) => s + n.findings.length, 0);
console.log(
  JSON.stringify({
    nights: r.nights,
    nightsWithFindings: r.withFindings.length,
    violations,
    byRule: r.byRule,
    cannotCheckNightsByRule: r.cannotCheck,
  }),
);
console.log(describeFindings(r, 40));
