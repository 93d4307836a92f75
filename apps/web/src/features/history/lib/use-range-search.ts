import { useSearchParams } from 'react-router';
import type { RangeQuery } from '../api/history-api';

/**
 * The screen's subject (`batterySn` or `id`) and range kept in the address, so a link opens the same
 * view (`/battery/history?batterySn=…`) and the browser's back button steps back through ranges.
 */
export function useRangeSearch<R extends string>(subjectKey: string, ranges: readonly R[]) {
  const [params, setParams] = useSearchParams();
  const subject = params.get(subjectKey)?.trim() ?? '';
  const asked = params.get('range') as R | null;
  const query: RangeQuery<R> = {
    range: asked && ranges.includes(asked) ? asked : (ranges[0] as R),
    date: params.get('date') ?? undefined,
    begin: params.get('begin') ?? undefined,
    end: params.get('end') ?? undefined,
  };
  // Other parameters (mctl) stay: only the screen's own are rewritten.
  const write = (nextSubject: string, next: RangeQuery<R>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ [subjectKey]: nextSubject, range: next.range, date: next.date, begin: next.begin, end: next.end })) {
        if (value) updated.set(key, value);
        else updated.delete(key);
      }
      return updated;
    });
  return { subject, query, setSubject: (next: string) => write(next, query), setQuery: (next: RangeQuery<R>) => write(subject, next) };
}
