import type { DealerRepository } from '../../src/main/store';
import { allTimeStandings, type Standing } from '../../src/main/night';

export type { Standing };

/** The all-time table as the app computes it: one read of the nights index, folded (no night file opened). */
export function standingsFromRepository(repo: DealerRepository): Standing[] {
  return allTimeStandings(repo.loadIndex());
}
