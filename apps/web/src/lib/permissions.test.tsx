import type { PermissionEntry } from '@cellsight/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Authorized, clearPermissions, getPermissions, hasPermission, isPermissionDisabled, setPermissions } from './permissions';
import { session } from './session';

const entry = (action: string, overrides: Partial<PermissionEntry> = {}): PermissionEntry => ({ action, type: '1', describe: action, ...overrides });

afterEach(() => clearPermissions());

describe('hasPermission', () => {
  it('shows an element whose action is in the user list', () => {
    const lists = { auth: [entry('system:user:add')], allAuth: [entry('system:user:add', { status: '1' })] };
    expect(hasPermission('system:user:add', lists)).toBe(true);
    expect(hasPermission('system:user:delete', lists)).toBe(false);
  });

  it('splits comma-separated actions, on both the guard and the entries', () => {
    const lists = { auth: [entry('system:user:edit,system:user:frozen')], allAuth: [] };
    expect(hasPermission('system:user:delete, system:user:frozen', lists)).toBe(true);
    expect(hasPermission('system:user:edit', lists)).toBe(true);
    expect(hasPermission('system:user:delete,system:user:add', lists)).toBe(false);
  });

  it('ignores type 2 (disable) entries and rules switched off system-wide', () => {
    expect(hasPermission('a', { auth: [entry('a', { type: '2' })], allAuth: [] })).toBe(false);
    expect(hasPermission('a', { auth: [entry('a')], allAuth: [entry('a', { status: '0' })] })).toBe(false);
  });

  it('lets an empty guard through and denies everything without lists', () => {
    expect(hasPermission('', { auth: [], allAuth: [] })).toBe(true);
    expect(hasPermission('a', { auth: [], allAuth: [] })).toBe(false);
  });
});

describe('isPermissionDisabled', () => {
  it('disables through an enabled type 2 rule unless the user holds it', () => {
    const rule = entry('user:form:phone', { type: '2', status: '1' });
    expect(isPermissionDisabled('user:form:phone', { auth: [], allAuth: [rule] })).toBe(true);
    expect(isPermissionDisabled('user:form:phone', { auth: [rule], allAuth: [rule] })).toBe(false);
    expect(isPermissionDisabled('user:form:phone', { auth: [], allAuth: [{ ...rule, status: '0' }] })).toBe(false);
    expect(isPermissionDisabled('other', { auth: [], allAuth: [rule] })).toBe(false);
  });
});

describe('permission store', () => {
  it('renders <Authorized> children only with the permission, following changes', () => {
    render(
      <Authorized code="system:user:add" fallback={<span>no</span>}>
        <button type="button">Add</button>
      </Authorized>,
    );
    expect(screen.getByText('no')).toBeInTheDocument();
    act(() => setPermissions({ auth: [entry('system:user:add')], allAuth: [] }));
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('forgets the lists when the session ends', () => {
    setPermissions({ auth: [entry('a')], allAuth: [] });
    session.clear();
    expect(getPermissions().auth).toEqual([]);
  });
});
