import { type DataRuleRecord, type MenuTreeNode, Permission, type PermissionCode, dataRuleRecordSchema, menuRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { DataRulesDrawer } from './data-rules-drawer';

const menu = { ...buildRecord(menuRecordSchema, { id: 'm-system-user', key: 'm-system-user', title: 'Users', name: 'Users', menuType: 1, parentId: 'm-system', url: '/system/user', component: 'system/UserList', componentName: null, redirect: null, icon: null, perms: null, permsType: '1', status: '1', sortNo: 1, menuType_dictText: 'Sub-menu' }) } as MenuTreeNode;
const rule = (values: Partial<DataRuleRecord>): DataRuleRecord => buildRecord(dataRuleRecordSchema, { permissionId: 'm-system-user', status: '1', createTime: '2026-03-05T08:09:10Z', updateTime: null, createBy: 'admin', updateBy: null, ...values });

let rules: DataRuleRecord[] = [];
let columns: { name: string; type: string; label?: string[] }[] = [];
let added: unknown[] = [];
let deleted: string[] = [];
let refuse = false;

const server = mockServer(
  http.get('/boot/sys/permission/getPermRuleListByPermId', () => HttpResponse.json(envelope(rules))),
  http.get('/boot/sys/permission/dataRuleColumns', () => HttpResponse.json(envelope(columns))),
  http.post('/boot/sys/permission/addPermissionRule', async ({ request }) => {
    if (refuse) return HttpResponse.json(failure(4004, 'ruleColumn: cannot filter by "password"', [{ field: 'ruleColumn', message: 'cannot filter by "password"' }]), { status: 400 });
    const body = (await request.json()) as DataRuleRecord;
    added.push(body);
    rules = [...rules, rule({ ...body, id: 'rule-new' })];
    return HttpResponse.json(envelope(null, 1001, 'Added'));
  }),
  http.delete('/boot/sys/permission/deletePermissionRule', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    deleted.push(id);
    rules = rules.filter((r) => r.id !== id);
    return HttpResponse.json(envelope(null, 1003, 'Deleted'));
  }),
);

const grant = (...codes: PermissionCode[]) => setPermissions({ auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] });
const render = () => renderWithProviders(<DataRulesDrawer menu={menu} open onClose={() => undefined} afterClose={() => undefined} />);

describe('data rules of a menu', () => {
  beforeAll(() => configure({ defaultHidden: true }));
  afterAll(() => configure({ defaultHidden: false }));
  beforeEach(() => {
    rules = [rule({ id: 'rule-own', ruleName: 'Only me', ruleColumn: 'username', ruleConditions: '=', ruleValue: '#{sys_user_code}' })];
    columns = [
      { name: 'username', type: 'text', label: ['User name', '用户账号', 'Benutzername'] },
      { name: 'status', type: 'smallint', label: ['Status', '状态', 'Status'] },
    ];
    added = [];
    deleted = [];
    refuse = false;
  });
  afterEach(() => clearPermissions());

  it("lists the menu's rules with the list field's name and the condition in words", async () => {
    grant(Permission.MenuList);
    render();
    const row = (await screen.findByRole('cell', { name: 'Only me' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'User name' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Equals' })).toBeInTheDocument();
    expect(within(row).getByText('#{sys_user_code}')).toBeInTheDocument();
    // Reading is not maintaining: no add, edit or delete without the edit permission.
    expect(screen.queryByRole('button', { name: /Add rule/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('adds a rule: a field of the screen, an operator and a value with a user variable inserted', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.MenuList, Permission.MenuEdit);
    render();
    await user.click(await screen.findByRole('button', { name: /Add rule/ }));
    const dialog = await findDialog('Add data rule');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rule name' }), 'Active only');
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByTitle('Status (status)'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByTitle('Starts with (RIGHT_LIKE)'));
    await user.click(within(dialog).getByRole('button', { name: '#{sys_org_code}' }));
    expect(within(dialog).getByRole('textbox', { name: 'Value' })).toHaveValue('#{sys_org_code}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toEqual([{ permissionId: 'm-system-user', ruleName: 'Active only', ruleColumn: 'status', ruleConditions: 'RIGHT_LIKE', ruleValue: '#{sys_org_code}', status: '1' }]));
    expect(await screen.findByRole('cell', { name: 'Active only' })).toBeInTheDocument();
  });

  it("puts the server's refusal on the field it names", async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.MenuList, Permission.MenuEdit);
    refuse = true;
    // The columns could not be read: the field is typed, and the server still checks it.
    server.use(http.get('/boot/sys/permission/dataRuleColumns', () => HttpResponse.json(failure(500, 'Operation failed'), { status: 500 })));
    render();
    await user.click(await screen.findByRole('button', { name: /Add rule/ }));
    const dialog = await findDialog('Add data rule');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rule name' }), 'Bad');
    await user.type(within(dialog).getByRole('textbox', { name: 'Field' }), 'password');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('cannot filter by "password"')).toBeInTheDocument();
  });

  it('deletes a rule after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.MenuList, Permission.MenuEdit);
    render();
    const row = (await screen.findByRole('cell', { name: 'Only me' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(deleted).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toEqual(['rule-own']));
    expect(await screen.findByText('No data rules')).toBeInTheDocument();
  });
});
