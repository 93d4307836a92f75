import type { EnergyGrouping } from '@cellsight/contract';

/** Calendar days of a station's own zone: plain calendar arithmetic, the zone comes in at the midnights. */
export const dayMs = 86_400_000;

/** YYYY-MM-DD of a UTC date. */
const ymd = (date: Date): string => date.toISOString().slice(0, 10);
export const parseDay = (day: string): Date => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number): string => ymd(new Date(parseDay(day).getTime() + days * dayMs));

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const cached = (cache: Map<string, Intl.DateTimeFormat>, zone: string, make: () => Intl.DateTimeFormat) => {
  let format = cache.get(zone);
  if (!format) cache.set(zone, (format = make()));
  return format;
};
/** The calendar day of an instant in a zone. */
export const localDay = (instant: Date, zone: string): string =>
  cached(dayFormats, zone, () => new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(instant);
/** An instant as YYYY-MM-DD HH:mm in a zone. */
export const localTime = (instant: Date, zone: string): string =>
  cached(timeFormats, zone, () => new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }))
    .format(instant)
    .replace('T', ' ');

/** The local days [from, to) a range covers around `date`. */
export const rangeDays = (range: 'day' | 'month' | 'year', date: string): [string, string] => {
  const [year, month] = date.split('-') as [string, string];
  if (range === 'day') return [date, addDays(date, 1)];
  if (range === 'month') {
    const next = new Date(Date.UTC(Number(year), Number(month), 1));
    return [`${year}-${month}-01`, ymd(next)];
  }
  return [`${year}-01-01`, `${Number(year) + 1}-01-01`];
};

/** How a range's energy bars are grouped: per day up to a month, per month over a year, per year over all time. */
export const energyGroupingOf: Record<string, EnergyGrouping> = { day: 'day', month: 'day', custom: 'day', year: 'month', total: 'year' };
