import { describe, expect, it } from 'vitest';
import { NAME_MAX, nameLength, newPlayerSchema, updatePlayerArgs } from './commands';

describe('player names', () => {
  it('takes a name of exactly the limit, counting an emoji or an accented letter as one character', () => {
    const name = `Zoë ${'🎲'.repeat(NAME_MAX - 4)}`;
    expect(nameLength(name)).toBe(NAME_MAX);
    expect(newPlayerSchema.safeParse({ name }).success).toBe(true);
  });

  it('refuses a name one character over the limit with a message that says the limit, rather than cutting it', () => {
    const name = 'B'.repeat(NAME_MAX + 1);
    const parsed = newPlayerSchema.safeParse({ name });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(`names are at most ${NAME_MAX} characters`);
    expect(updatePlayerArgs.safeParse({ playerId: 'p1', name }).success).toBe(false);
  });

  it('measures the name after trimming the spaces around it', () => {
    const parsed = newPlayerSchema.safeParse({ name: `  ${'a'.repeat(NAME_MAX)}  ` });
    expect(parsed.success && parsed.data.name).toBe('a'.repeat(NAME_MAX));
  });
});
