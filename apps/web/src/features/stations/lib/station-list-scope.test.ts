import { describe, expect, it } from 'vitest';
import { isSearching, stationListScope } from './station-list-scope';

describe('station list scope', () => {
  it('lists main stations only while nothing is searched for', () => {
    expect(stationListScope(new URLSearchParams())).toEqual({ pid: '0' });
    expect(stationListScope(new URLSearchParams('pageNo=2&column=name&order=asc'))).toEqual({ pid: '0' });
    expect(isSearching(new URLSearchParams('keyWord=%20'))).toBe(false);
  });

  it('lists every matching station, sub-stations too, while searching by key word, status or the advanced query', () => {
    for (const search of ['keyWord=GW-0001', 'status=0', 'superQueryParams=%5B%5D']) {
      expect(isSearching(new URLSearchParams(search))).toBe(true);
      expect(stationListScope(new URLSearchParams(search))).toEqual({});
    }
  });
});
