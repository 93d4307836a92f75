import { type LogInfo, type LogRecord, LogType, type Page, Permission, logResource } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, renderWithProviders } from '@/testing/feature-test-utils';
import LogListPage from './log-list-page';

const login = buildRecord(logResource.record, { logType: LogType.Login, logContent: 'User admin signed in', userid: 'admin', username: 'Administrator', ip: '203.0.113.7', operateType: null, costTime: null });
const change = buildRecord(logResource.record, { logType: LogType.Operation, logContent: 'PUT /boot/sys/position/edit → 200', operateType: 3, operateType_dictText: 'Edit', requestType: 'PUT', requestUrl: '/boot/sys/position/edit', costTime: 17 });

let queries: Record<string, string>[] = [];
let counters: 'ok' | 'error' = 'ok';
const server = setupServer(
  http.get('/boot/sys/log/list', ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    delete params._t;
    queries.push(params);
    const records = params.logType === String(LogType.Login) ? [login] : [change];
    return HttpResponse.json(envelope<Page<LogRecord>>({ records, total: 1, size: 10, current: 1, pages: 1 }));
  }),
  http.get('/boot/sys/loginfo', () =>
    counters === 'ok'
      ? HttpResponse.json(envelope<LogInfo>({ totalVisitCount: 1234, todayVisitCount: 56, todayIp: 7 }))
      : HttpResponse.json(failure(500, 'The database is not reachable'), { status: 500 }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  queries = [];
  counters = 'ok';
  setPermissions({ auth: [{ action: Permission.LogList, describe: '', type: '1', status: '1' }], allAuth: [] });
});
afterEach(() => {
  server.resetHandlers();
  clearPermissions();
});
afterAll(() => server.close());

describe('Logs screen', () => {
  it('shows the sign-in counters above the logs', async () => {
    renderWithProviders(<LogListPage />);
    const stats = screen.getByRole('group', { name: 'Sign-in statistics' });
    expect(await within(stats).findByText('1,234')).toBeInTheDocument();
    expect(within(stats).getByText('Sign-ins in total')).toBeInTheDocument();
    expect(within(stats).getByText('Sign-ins today (UTC)').closest('.ant-statistic')).toHaveTextContent('56');
    expect(within(stats).getByText('Addresses today (UTC)').closest('.ant-statistic')).toHaveTextContent('7');
  });

  it('says when the counters could not load, and tries again', async () => {
    counters = 'error';
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LogListPage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    counters = 'ok';
    await user.click(retry);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('opens on the login log and switches to the operation log, each asking for its own kind', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LogListPage />);
    expect(await screen.findByText('User admin signed in')).toBeInTheDocument();
    expect(queries[0]).toMatchObject({ logType: '1', pageNo: '1', column: 'createTime', order: 'desc' });
    expect(screen.queryByRole('columnheader', { name: /Operation/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Operation log' }));
    expect(await screen.findByText('PUT /boot/sys/position/edit → 200')).toBeInTheDocument();
    expect(queries.at(-1)).toMatchObject({ logType: '2', pageNo: '1' });
    for (const heading of ['Operation', 'Request method', 'Request URL', 'Duration in ms']) expect(screen.getByRole('columnheader', { name: new RegExp(heading) })).toBeInTheDocument();
    expect(screen.getByText('Edit')).toBeInTheDocument();
    expect(screen.queryByText('User admin signed in')).toBeNull();
  });

  it('searches by part of the content and by a range of days, sending whole local days', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LogListPage />);
    await screen.findByText('User admin signed in');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Log content'), 'signed');
    // Days of the month the calendar opens on.
    const first = dayjs().startOf('month');
    const third = first.add(2, 'day');
    await user.click(within(search).getByPlaceholderText('Start date'));
    await user.click(await screen.findByTitle(first.format('YYYY-MM-DD')));
    await user.click(screen.getByTitle(third.format('YYYY-MM-DD')));
    expect(within(search).getByPlaceholderText('End date')).toHaveValue(third.format('YYYY-MM-DD'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(queries.at(-1)).toMatchObject({
        logType: '1',
        logContent: '*signed*',
        createTime_begin: first.startOf('day').format('YYYY-MM-DDTHH:mm:ss.SSSZ'),
        createTime_end: third.endOf('day').format('YYYY-MM-DDTHH:mm:ss.SSSZ'),
        pageNo: '1',
      }),
    );
    // The search bar still shows what is in force; the other tab starts without it.
    expect(within(search).getByPlaceholderText('Start date')).toHaveValue(first.format('YYYY-MM-DD'));
    expect(within(search).getByLabelText('Log content')).toHaveValue('signed');
    await user.click(screen.getByRole('tab', { name: 'Operation log' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ logType: '2' }));
    expect(queries.at(-1)).not.toHaveProperty('logContent');
    expect(queries.at(-1)).not.toHaveProperty('createTime_begin');
  });
});
