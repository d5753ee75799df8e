import type { Balances } from './balances';

function sum(values: Record<string, number>): number {
  let total = 0;
  for (const value of Object.values(values)) total += value;
  return total;
}

/**
 * R24 conservation: chips that came in (bought in + a carried pot) equal the
 * chips on the table and those that left (stacks + pot + cashed out + carried
 * out). Returns null when it holds, else an English message with the numbers.
 */
export function checkConservation(b: Balances): string | null {
  const boughtIn = sum(b.boughtIn);
  const stacks = sum(b.stacks);
  const cashedOut = sum(b.cashedOut);
  const cameIn = boughtIn + b.carriedIn;
  const accounted = stacks + b.pot + cashedOut + b.carriedOut;
  if (cameIn === accounted) return null;
  return (
    `R24 conservation broken: ${boughtIn} bought in + ${b.carriedIn} carried in = ${cameIn}, ` +
    `but stacks ${stacks} + pot ${b.pot} + cashed out ${cashedOut} + carried out ${b.carriedOut} = ${accounted}`
  );
}
