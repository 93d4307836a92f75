import { defaultTimeZoneDictId, stationEndpoints } from '@cellsight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

export { defaultTimeZoneDictId };

/**
 * `lang` of the time-zone list: 0 asks for Chinese, 1 for English, and with 1 the server answers
 * German to a German console (it reads Accept-Language), so only a Chinese console sends 0.
 */
export const timeZoneLang = (language: string): '0' | '1' => (language.startsWith('zh') ? '0' : '1');

/** GET /want/commDictI18n/list: the station time zones in the console's language, with their UTC offsets. */
export const timeZonesQuery = (language: string) =>
  queryOptions({
    queryKey: ['station-time-zones', language],
    queryFn: async () => (await api.call(stationEndpoints.timeZones, { query: { lang: timeZoneLang(language), pageSize: 100 } })).result.records,
    // The offsets in the labels change only with daylight saving time.
    staleTime: 60 * 60 * 1000,
  });

export const useTimeZones = (enabled = true) => {
  const { i18n } = useTranslation();
  return useQuery({ ...timeZonesQuery(i18n.language), enabled });
};
