export type Greeting = 'earlyMorning' | 'morning' | 'noon' | 'afternoon' | 'evening';

/**
 * Greeting of the sign-in page by local hour (spec section 9, as JeecgBoot's console greets): early
 * morning before 9, morning up to 11 o'clock, noon up to 13, afternoon before 20, evening after
 * that. An hour counts whole: 11:59 is still morning.
 */
export const greetingForHour = (hour: number): Greeting => {
  if (hour < 9) return 'earlyMorning';
  if (hour <= 11) return 'morning';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
};
