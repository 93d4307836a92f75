import { describe, expect, it } from 'vitest';
import { greetingForHour } from './greeting';

describe('greetingForHour', () => {
  it('says good morning before 9 (早上好) and up to 11 o’clock (上午好)', () => {
    for (const hour of [0, 5, 8]) expect(greetingForHour(hour)).toBe('earlyMorning');
    for (const hour of [9, 10, 11]) expect(greetingForHour(hour)).toBe('morning');
  });

  it('greets the noon hours up to 13 o’clock, then the afternoon until 19:59', () => {
    for (const hour of [12, 13]) expect(greetingForHour(hour)).toBe('noon');
    for (const hour of [14, 17, 19]) expect(greetingForHour(hour)).toBe('afternoon');
  });

  it('says good evening from 20:00', () => {
    for (const hour of [20, 21, 23]) expect(greetingForHour(hour)).toBe('evening');
  });
});
