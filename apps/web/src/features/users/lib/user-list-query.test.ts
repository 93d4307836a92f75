import { describe, expect, it } from 'vitest';
import { readListState } from '@/lib/list-state';
import { toUserListQuery, userListConfig } from './user-list-query';

const initialUserListState = readListState(new URLSearchParams(), userListConfig);

describe('toUserListQuery', () => {
  it('sends paging and the default newest-first sort', () => {
    expect(toUserListQuery(initialUserListState)).toEqual({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
  });

  it('sends no sort once the user cleared it', () => {
    expect(toUserListQuery({ ...initialUserListState, sort: null })).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('wraps name filters for "like", passes the rest as equality and drops blanks', () => {
    const query = toUserListQuery({
      ...initialUserListState,
      pageNo: 3,
      pageSize: 30,
      sort: { column: 'username', order: 'asc' },
      filters: { username: ' ad ', realname: 'Li', phone: '13800000000', sex: '1', status: '' },
    });
    expect(query).toEqual({ pageNo: 3, pageSize: 30, column: 'username', order: 'asc', username: '*ad*', realname: '*Li*', phone: '13800000000', sex: '1' });
  });
});
