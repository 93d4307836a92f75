import type { TFunction } from 'i18next';

const units = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

/** A duration as people say it: its largest unit and the next one ("2 h 5 min", "3 d", "45 s"). */
export function formatEventDuration(totalSeconds: number, t: TFunction): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const first = units.findIndex(([, seconds]) => rest >= seconds);
  if (first === -1) return t('events:duration.seconds', { count: 0 });
  const parts: string[] = [];
  for (const [unit, seconds] of units.slice(first, first + 2)) {
    const count = Math.floor(rest / seconds);
    rest -= count * seconds;
    if (count > 0) parts.push(t(`events:duration.${unit}`, { count }));
  }
  return parts.join(' ');
}
