export type Greeting = 'morning' | 'afternoon' | 'evening';

/**
 * Greeting of the sign-in page by local hour (spec section 9): morning before 11, afternoon
 * before 20, evening after that.
 */
export const greetingForHour = (hour: number): Greeting => {
  if (hour < 11) return 'morning';
  if (hour < 20) return 'afternoon';
  return 'evening';
};
