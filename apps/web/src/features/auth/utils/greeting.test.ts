import { describe, expect, it } from 'vitest';
import { greetingForHour } from './greeting';

describe('greetingForHour', () => {
  it('says good morning from midnight until 10:59', () => {
    for (const hour of [0, 5, 8, 9, 10]) expect(greetingForHour(hour)).toBe('morning');
  });

  it('says good afternoon from 11:00 until 19:59', () => {
    for (const hour of [11, 12, 13, 17, 19]) expect(greetingForHour(hour)).toBe('afternoon');
  });

  it('says good evening from 20:00', () => {
    for (const hour of [20, 21, 23]) expect(greetingForHour(hour)).toBe('evening');
  });
});
