import { z } from 'zod';
import { text } from './text.js';

/**
 * The station time-zone dictionary (`GET /want/commDictI18n/list`): stable ids, each an IANA zone
 * that the rollups use, so a station's day follows its own zone. Id 343 (China Standard Time) is
 * the spec's default (section 9). Ids never change meaning; new zones get new ids.
 */
export const timeZoneDictionary: readonly (readonly [dictId: number, iana: string])[] = [
  [301, 'Pacific/Pago_Pago'], [302, 'Pacific/Honolulu'], [303, 'America/Anchorage'], [304, 'America/Los_Angeles'],
  [305, 'America/Phoenix'], [306, 'America/Denver'], [307, 'America/Chicago'], [308, 'America/Mexico_City'],
  [309, 'America/New_York'], [310, 'America/Bogota'], [311, 'America/Lima'], [312, 'America/Caracas'],
  [313, 'America/Halifax'], [314, 'America/Santiago'], [315, 'America/St_Johns'], [316, 'America/Sao_Paulo'],
  [317, 'America/Argentina/Buenos_Aires'], [318, 'Atlantic/South_Georgia'], [319, 'Atlantic/Azores'], [320, 'UTC'],
  [321, 'Europe/London'], [322, 'Europe/Lisbon'], [323, 'Africa/Casablanca'], [324, 'Europe/Berlin'],
  [325, 'Europe/Paris'], [326, 'Europe/Madrid'], [327, 'Europe/Rome'], [328, 'Europe/Amsterdam'],
  [329, 'Europe/Warsaw'], [330, 'Africa/Lagos'], [331, 'Europe/Athens'], [332, 'Europe/Kyiv'],
  [333, 'Africa/Cairo'], [334, 'Africa/Johannesburg'], [335, 'Europe/Istanbul'], [336, 'Europe/Moscow'],
  [337, 'Asia/Riyadh'], [338, 'Africa/Nairobi'], [339, 'Asia/Tehran'], [340, 'Asia/Dubai'],
  [341, 'Asia/Kabul'], [342, 'Asia/Karachi'], [343, 'Asia/Shanghai'], [344, 'Asia/Kolkata'],
  [345, 'Asia/Kathmandu'], [346, 'Asia/Dhaka'], [347, 'Asia/Yangon'], [348, 'Asia/Bangkok'],
  [349, 'Asia/Jakarta'], [350, 'Asia/Ho_Chi_Minh'], [351, 'Asia/Hong_Kong'], [352, 'Asia/Taipei'],
  [353, 'Asia/Singapore'], [354, 'Asia/Kuala_Lumpur'], [355, 'Asia/Manila'], [356, 'Australia/Perth'],
  [357, 'Asia/Seoul'], [358, 'Asia/Tokyo'], [359, 'Australia/Adelaide'], [360, 'Australia/Darwin'],
  [361, 'Australia/Brisbane'], [362, 'Australia/Sydney'], [363, 'Pacific/Guam'], [364, 'Pacific/Noumea'],
  [365, 'Pacific/Auckland'], [366, 'Pacific/Fiji'], [367, 'Pacific/Tongatapu'], [368, 'Pacific/Kiritimati'],
  [369, 'Europe/Zurich'], [370, 'Europe/Vienna'], [371, 'Europe/Prague'], [372, 'Europe/Stockholm'],
  [373, 'Europe/Helsinki'], [374, 'Europe/Dublin'], [375, 'Asia/Almaty'], [376, 'Asia/Tashkent'],
  [377, 'Asia/Colombo'], [378, 'Asia/Urumqi'], [379, 'America/Edmonton'], [380, 'America/Toronto'],
  [381, 'America/Vancouver'], [382, 'America/Havana'], [383, 'America/Montevideo'], [384, 'Atlantic/Reykjavik'],
];

/** The spec's default time zone (dictionary id 343). */
export const defaultTimeZoneDictId = 343;

const byId = new Map(timeZoneDictionary.map(([dictId, iana]) => [dictId, iana]));
const byZone = new Map(timeZoneDictionary.map(([dictId, iana]) => [iana, dictId]));

/** The IANA zone of a dictionary id, or undefined for an unknown id. */
export const timeZoneOfDictId = (dictId: number): string | undefined => byId.get(dictId);
/** The dictionary id of an IANA zone, if the dictionary holds it. */
export const dictIdOfTimeZone = (zone: string): number | undefined => byZone.get(zone);

/** `GET /want/commDictI18n/list`: lang 1 English, 0 Chinese (spec section 7); German follows Accept-Language. */
export const timeZoneListQuerySchema = z.object({
  lang: z.enum(['0', '1'], { error: 'must be 1 (English) or 0 (Chinese)' }).optional(),
  pageSize: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').optional(),
  pageNo: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
  _t: text().optional(),
});
export const timeZoneOptionSchema = z.object({ dictId: z.number().int(), text: text(), zone: text() });
export type TimeZoneOption = z.infer<typeof timeZoneOptionSchema>;
export const timeZoneListSchema = z.object({ records: z.array(timeZoneOptionSchema), total: z.number().int() });
export type TimeZoneList = z.infer<typeof timeZoneListSchema>;

/** '(UTC+08:00)' for a zone at an instant. */
export const utcOffsetLabel = (zone: string, at: Date): string => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name === 'GMT' ? '+00:00' : name.replace('GMT', '');
  return `(UTC${offset})`;
};

/** A zone's label in a language: offset, the zone's generic name and its city ("(UTC+01:00) Central European Time – Berlin"). */
export const timeZoneLabel = (zone: string, language: string, at: Date = new Date()): string => {
  const generic = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  const city = zone === 'UTC' ? '' : (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
  return [utcOffsetLabel(zone, at), generic, city && generic !== city ? `– ${city}` : ''].filter(Boolean).join(' ');
};
