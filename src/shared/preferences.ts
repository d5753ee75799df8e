import { z } from 'zod';
import { LANGUAGES } from './choices';

/**
 * The host's preferences: kept in the settings file by main and pushed with
 * the view, so the console and the TV always agree (docs/design.md: what both
 * screens show lives in main's view, never in one window's store).
 */
export { LANGUAGES, type Language } from './choices';

export const preferencesSchema = z.object({
  /** The language of both screens. */
  language: z.enum(LANGUAGES).default('en'),
  /** The table view's sound cues are off. */
  muted: z.boolean().default(false),
  /**
   * Cards on the TV (and the console) in four colours, clubs green and diamonds
   * blue, for eyes that mix red and black at a distance. Absent is off.
   */
  fourColourDeck: z.boolean().optional(),
  /**
   * The desktop app looks for a new version at start and once a day, and
   * offers it between nights (docs/release.md). False: it never looks.
   * Absent is on.
   */
  updateChecks: z.boolean().optional(),
});

export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = { language: 'en', muted: false };
