import { describe, expect, it } from 'vitest';
import { type ListStateConfig, readListState, writeListState } from './list-state';

const config: ListStateConfig<'name' | 'createTime', 'name' | 'status'> = {
  sortable: ['name', 'createTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  filters: ['name', 'status'],
};
const read = (search: string) => readListState(new URLSearchParams(search), config);

describe('list state in the URL', () => {
  it('reads an empty URL as page 1 of 10, newest first, no filters', () => {
    expect(read('')).toEqual({ pageNo: 1, pageSize: 10, sort: { column: 'createTime', order: 'desc' }, filters: {} });
  });

  it('round-trips page, size, sort and filters, writing only what differs from the default', () => {
    const state = { pageNo: 3, pageSize: 30, sort: { column: 'name' as const, order: 'asc' as const }, filters: { name: 'ann', status: '2' } };
    const params = writeListState(state, config);
    expect(params.toString()).toBe('pageNo=3&pageSize=30&column=name&order=asc&name=ann&status=2');
    expect(read(params.toString())).toEqual(state);
    expect(writeListState(read(''), config).toString()).toBe('');
  });

  it('keeps a cleared sort, and ignores what the screen does not allow', () => {
    expect(read('order=none').sort).toBeNull();
    expect(read('pageNo=-2&pageSize=1000&column=password&order=asc&other=x')).toEqual(read(''));
  });
});
