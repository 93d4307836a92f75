import { type DataRuleRecord, type PermissionTree, dataRuleRecordSchema, roleResource } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { RoleAuthorizeDrawer } from './role-authorize-drawer';

const role = buildRecord(roleResource.record, { id: 'r-planner', roleName: 'Planner', roleCode: 'planner', description: null });
const node = (key: string, title: string, parentId: string | null, children: PermissionTree['treeList'] = []): PermissionTree['treeList'][number] => ({ key, title, slotTitle: title, isLeaf: children.length === 0, icon: null, parentId, children });
const tree: PermissionTree = { treeList: [node('m-system-user', 'Users menu', null, [node('b-user-list', 'List users', 'm-system-user')])], ids: ['m-system-user', 'b-user-list'] };
const rule = (values: Partial<DataRuleRecord>): DataRuleRecord => buildRecord(dataRuleRecordSchema, { permissionId: 'm-system-user', status: '1', ruleConditions: '=', createTime: '2026-03-05T08:09:10Z', updateTime: null, createBy: 'admin', updateBy: null, ...values });

let chosen: unknown[] = [];
let refuse = false;

mockServer(
  http.get('/boot/sys/permission/queryTreeList', () => HttpResponse.json(envelope(tree))),
  http.get('/boot/sys/permission/queryRolePermission', () => HttpResponse.json(envelope(['m-system-user', 'b-user-list']))),
  http.get('/boot/sys/role/datarule/:permissionId/:roleId', () =>
    HttpResponse.json(
      envelope({
        datarule: [rule({ id: 'rule-own', ruleName: 'Only me', ruleColumn: 'username', ruleValue: '#{sys_user_code}' }), rule({ id: 'rule-off', ruleName: 'Switched off', ruleColumn: 'status', ruleValue: '2', status: '0' })],
        drChecked: '',
      }),
    ),
  ),
  http.post('/boot/sys/role/datarule', async ({ request }) => {
    if (refuse) return HttpResponse.json(failure(4004, "permissionId: save the role's menu permissions first: the role does not hold this menu"), { status: 400 });
    chosen.push(await request.json());
    return HttpResponse.json(envelope(null, 1002, 'Saved'));
  }),
);

describe('data rules in the role authorisation', () => {
  beforeAll(() => configure({ defaultHidden: true }));
  afterAll(() => configure({ defaultHidden: false }));
  beforeEach(() => {
    chosen = [];
    refuse = false;
  });

  it("a clicked menu shows its rules; ticking one and saving sends the role's choice", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RoleAuthorizeDrawer role={role} open onClose={() => undefined} afterClose={() => undefined} />);
    await user.click(await screen.findByText('Users menu', { selector: '.ant-tree-title' }));
    const card = (await screen.findByText('Data rules of Users menu')).closest('.ant-card') as HTMLElement;
    const own = await within(card).findByRole('checkbox', { name: /Only me/ });
    // A rule switched off cannot be chosen.
    expect(within(card).getByRole('checkbox', { name: /Switched off/ })).toBeDisabled();
    await user.click(own);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(chosen).toEqual([{ permissionId: 'm-system-user', roleId: 'r-planner', dataRuleIds: 'rule-own' }]));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup({ delay: null });
    refuse = true;
    renderWithProviders(<RoleAuthorizeDrawer role={role} open onClose={() => undefined} afterClose={() => undefined} />);
    await user.click(await screen.findByText('Users menu', { selector: '.ant-tree-title' }));
    const card = (await screen.findByText('Data rules of Users menu')).closest('.ant-card') as HTMLElement;
    await user.click(await within(card).findByRole('checkbox', { name: /Only me/ }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/save the role's menu permissions first/)).toBeInTheDocument();
    expect(chosen).toEqual([]);
  });
});
