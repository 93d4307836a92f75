import { type DataRuleRecord, type DepartTreeNode, type PermissionTree, dataRuleRecordSchema, departRecordSchema, permissionCodes } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { DepartPermissionPanel } from './depart-permission-panel';

const depart: DepartTreeNode = {
  ...buildRecord(departRecordSchema, { id: 'd-sales', departName: 'Sales', orgCode: 'A01', parentId: null, departOrder: 0, orgCategory: '1', status: '1', departNameEn: null, mobile: null, fax: null, address: null, description: null, memo: null }),
  key: 'd-sales',
  value: 'd-sales',
  title: 'Sales',
  isLeaf: true,
  children: [],
};
const node = (key: string, title: string, parentId: string | null, children: PermissionTree['treeList'] = []): PermissionTree['treeList'][number] => ({ key, title, slotTitle: title, isLeaf: children.length === 0, icon: null, parentId, children });
const tree: PermissionTree = {
  treeList: [node('m-system', 'System', null, [node('m-system-user', 'Users menu', 'm-system', [node('b-user-list', 'List users', 'm-system-user')])]), node('m-collector', 'Loggers', null)],
  ids: ['m-system', 'm-system-user', 'b-user-list', 'm-collector'],
};
const rule = (values: Partial<DataRuleRecord>): DataRuleRecord => buildRecord(dataRuleRecordSchema, { permissionId: 'm-system-user', status: '1', ruleConditions: '=', createTime: '2026-03-05T08:09:10Z', updateTime: null, createBy: 'admin', updateBy: null, ...values });

let grants: string[] = [];
let saved: unknown[] = [];
let offered: unknown[] = [];

mockServer(
  http.get('/boot/sys/permission/queryTreeList', () => HttpResponse.json(envelope(tree))),
  http.get('/boot/sys/permission/queryDepartPermission', () => HttpResponse.json(envelope(grants))),
  http.post('/boot/sys/permission/saveDepartPermission', async ({ request }) => {
    const body = (await request.json()) as { permissionIds: string };
    saved.push(body);
    grants = body.permissionIds.split(',').filter(Boolean);
    return HttpResponse.json(envelope(null, 1002, 'Saved'));
  }),
  http.get('/boot/sys/sysDepartPermission/datarule/:permissionId/:departId', ({ params }) =>
    HttpResponse.json(
      envelope({
        datarule: params.permissionId === 'm-system-user' ? [rule({ id: 'rule-own', ruleName: 'Only me', ruleColumn: 'username', ruleValue: '#{sys_user_code}' }), rule({ id: 'rule-active', ruleName: 'Active users', ruleColumn: 'status', ruleValue: '1' })] : [],
        drChecked: 'rule-own',
      }),
    ),
  ),
  http.post('/boot/sys/sysDepartPermission/datarule', async ({ request }) => {
    offered.push(await request.json());
    return HttpResponse.json(envelope(null, 1002, 'Saved'));
  }),
);

const treeNode = (title: string) => screen.getByText(title, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode') as HTMLElement;
const checkbox = (title: string) => treeNode(title).querySelector('.ant-tree-checkbox') as HTMLElement;
const isChecked = (title: string) => checkbox(title).classList.contains('ant-tree-checkbox-checked');

describe('department permissions', () => {
  beforeAll(() => configure({ defaultHidden: true }));
  afterAll(() => configure({ defaultHidden: false }));
  beforeEach(() => {
    grants = ['m-system', 'm-system-user', 'b-user-list'];
    saved = [];
    offered = [];
    setPermissions({ auth: permissionCodes.map((code) => ({ action: code, type: '1', describe: code, status: '1' })), allAuth: [] });
  });
  afterEach(() => clearPermissions());

  it("shows the department's menus ticked; ticking another and saving sends the new and the loaded ids", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepartPermissionPanel depart={depart} />);
    await screen.findByText('List users', { selector: '.ant-tree-title' });
    expect(['System', 'Users menu', 'List users', 'Loggers'].map(isChecked)).toEqual([true, true, true, false]);
    await user.click(checkbox('Loggers'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ departId: 'd-sales', permissionIds: 'm-system,m-system-user,b-user-list,m-collector', lastpermissionIds: 'm-system,m-system-user,b-user-list' }]));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    // No Cancel in a tab: the tree is the department's page.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("shows a clicked menu's data rules, ticked where the department offers them, and saves the choice", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepartPermissionPanel depart={depart} />);
    await user.click(await screen.findByText('Users menu', { selector: '.ant-tree-title' }));
    const card = (await screen.findByText('Data rules of Users menu')).closest('.ant-card') as HTMLElement;
    const own = await within(card).findByRole('checkbox', { name: /Only me/ });
    expect(own).toBeChecked();
    const active = within(card).getByRole('checkbox', { name: /Active users/ });
    expect(active).not.toBeChecked();
    await user.click(active);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(offered).toEqual([{ permissionId: 'm-system-user', departId: 'd-sales', dataRuleIds: 'rule-own,rule-active' }]));
  });

  it('says so for a menu without rules, and asks to save the grants first for a menu not yet held', async () => {
    const user = userEvent.setup({ delay: null });
    grants = ['m-collector'];
    renderWithProviders(<DepartPermissionPanel depart={depart} />);
    await user.click(await screen.findByText('Loggers', { selector: '.ant-tree-title' }));
    expect(await screen.findByText('This menu has no data rules to choose.')).toBeInTheDocument();
    await user.click(screen.getByText('Users menu', { selector: '.ant-tree-title' }));
    const card = (await screen.findByText('Data rules of Users menu')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText(/Save the menu permissions first/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
