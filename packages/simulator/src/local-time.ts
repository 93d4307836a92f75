/**
 * Local wall-clock time in an IANA zone without a date library. The UTC offset is looked up once
 * per zone and quarter hour (some zones switch DST at half past) and cached, because the battery
 * model asks for it on every sub-step.
 */
const hourMs = 3_600_000;
const quarterMs = hourMs / 4;
const dayMs = 24 * hourMs;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Throws a RangeError for an unknown zone name (so a typo fails at start, not at midnight). */
export const assertTimeZone = (timeZone: string): void => {
  formatterFor(timeZone);
};

/** Offset of the zone from UTC at `ms`, in milliseconds (positive east of Greenwich). */
export const zoneOffsetMs = (timeZone: string, ms: number): number => {
  const bucket = `${timeZone}|${Math.floor(ms / quarterMs)}`;
  const cached = offsets.get(bucket);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  const offset = Math.round((asUtc - (ms - (ms % 1000))) / 60_000) * 60_000;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(bucket, offset);
  return offset;
};

export interface LocalTime {
  /** Days since 1970-01-01 in local time: changes exactly at local midnight. */
  day: number;
  /** Hour of the local day, fractional (13.5 is half past one in the afternoon). */
  hour: number;
}

export const localTime = (timeZone: string, ms: number): LocalTime => {
  const local = ms + zoneOffsetMs(timeZone, ms);
  const day = Math.floor(local / dayMs);
  return { day, hour: (local - day * dayMs) / hourMs };
};

/** The zone the process runs in (TZ), falling back to UTC. */
export const processTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
