import { describe, expect, it } from 'vitest';
import { stationPaths } from './station-paths';

describe('station paths', () => {
  it('puts the station in the query of the spec’s routes', () => {
    expect(stationPaths.detail('st-1')).toBe('/stationmgr/detail?id=st-1');
    expect(stationPaths.edit('st-1')).toBe('/site/edit?id=st-1');
    expect(stationPaths.addSubStation('st-1')).toBe('/site/add?pid=st-1');
  });

  it('encodes an id that is no plain word', () => {
    expect(stationPaths.detail('a&b=c')).toBe('/stationmgr/detail?id=a%26b%3Dc');
  });
});
