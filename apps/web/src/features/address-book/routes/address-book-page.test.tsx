import { type DepartIdNode, type UserRecord, userRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import AddressBookPage from './address-book-page';

const person = (overrides: Partial<UserRecord>): UserRecord =>
  buildRecord(userRecordSchema, { avatar: null, email: null, phone: null, sex: null, sex_dictText: null, status: 1, status_dictText: 'Normal', orgCodeTxt: null, ...overrides });
const node = (key: string, title: string, children: DepartIdNode[] = []): DepartIdNode => ({ key, value: key, title, children });
const everyone = [
  person({ id: 'u-anna', username: 'anna', realname: 'Anna Berg', phone: '13800000001', email: 'anna@example.invalid', orgCodeTxt: 'Sales' }),
  person({ id: 'u-ben', username: 'ben', realname: 'Ben Nord', orgCodeTxt: 'Sales North' }),
  person({ id: 'u-carl', username: 'carl', realname: 'Carl Dienst', orgCodeTxt: 'Service' }),
];
const inDepart: Record<string, string[]> = { 'd-sales': ['u-anna', 'u-ben'], 'd-north': ['u-ben'], 'd-service': ['u-carl'] };
let queries: Record<string, string>[] = [];
let failing = false;

mockServer(
  http.get('/boot/sys/sysDepart/queryIdTree', () => HttpResponse.json(envelope([node('d-sales', 'Sales', [node('d-north', 'Sales North')]), node('d-service', 'Service')]))),
  http.get('/boot/sys/user/queryByOrgCodeForAddressList', ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    delete params._t;
    queries.push(params);
    if (failing) return HttpResponse.json(failure(500, 'Database unavailable'), { status: 500 });
    const keyword = params.keyword?.toLowerCase();
    const records = everyone.filter((p) => (!params.depId || inDepart[params.depId]?.includes(p.id)) && (!keyword || p.realname.toLowerCase().includes(keyword)));
    return HttpResponse.json(envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }));
  }),
);

beforeEach(() => {
  queries = [];
  failing = false;
});

const names = () => within(screen.getByRole('table')).queryAllByRole('row').slice(1).map((row) => row.querySelector('td')?.textContent);

describe('the address book', () => {
  it('shows everyone at first with name, user name, phone, e-mail and department', async () => {
    renderWithProviders(<AddressBookPage />);
    expect(await screen.findByText('Anna Berg')).toBeInTheDocument();
    const anna = screen.getByText('Anna Berg').closest('tr') as HTMLElement;
    expect(anna).toHaveTextContent(/Anna Berg\s*anna\s*13800000001\s*anna@example\.invalid\s*Sales/);
    expect(queries[0]).toMatchObject({ pageNo: '1', pageSize: '10', column: 'realname', order: 'asc' });
    expect(queries[0]?.depId).toBeUndefined();
    expect(screen.getByText('3 people')).toBeInTheDocument();
  });

  it('lists the chosen department with its sub-departments, and everyone again on request', async () => {
    renderWithProviders(<AddressBookPage />);
    await screen.findByText('Carl Dienst');
    await userEvent.click(await screen.findByText('Sales', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(names()).toEqual(['Anna Berg', 'Ben Nord']));
    expect(queries.at(-1)).toMatchObject({ depId: 'd-sales', pageNo: '1' });
    await userEvent.click(screen.getByRole('button', { name: 'Everyone' }));
    await waitFor(() => expect(names()).toEqual(['Anna Berg', 'Ben Nord', 'Carl Dienst']));
  });

  it('searches by keyword within the department', async () => {
    renderWithProviders(<AddressBookPage />);
    await userEvent.click(await screen.findByText('Sales', { selector: '.ant-tree-title' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name, user name, phone or e-mail' }), ' nord {Enter}');
    await waitFor(() => expect(names()).toEqual(['Ben Nord']));
    expect(queries.at(-1)).toMatchObject({ depId: 'd-sales', keyword: 'nord' });
  });

  it('says when nobody is found, and when the list could not load', async () => {
    renderWithProviders(<AddressBookPage />);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Name, user name, phone or e-mail' }), 'nobody{Enter}');
    expect(await screen.findByText('Nobody found')).toBeInTheDocument();
    failing = true;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name, user name, phone or e-mail' }), 'x{Enter}');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
