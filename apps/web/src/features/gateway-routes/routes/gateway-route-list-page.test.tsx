import { type GatewayRouteTestResult, Permission, gatewayRouteResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import GatewayRouteListPage from './gateway-route-list-page';

const records = buildRecords(gatewayRouteResource.record, [
  { code: 'tiles', name: 'Tile server', purpose: 'tile', purpose_dictText: 'Map tile server', url: 'https://tiles.example/{z}/{x}/{y}.png', method: 'GET', timeoutMs: 5000, status: '1', status_dictText: 'Valid' },
  { code: 'hook', name: 'Ops webhook', purpose: 'webhook', purpose_dictText: 'Webhook', url: 'https://hooks.example/in', method: 'POST', timeoutMs: 3000, status: '0', status_dictText: 'Invalid', headers: '{"Authorization":"••••••1234"}' },
]);

describeListPage('gateway routes', {
  page: GatewayRouteListPage,
  resource: gatewayRouteResource,
  records,
  cellField: 'name',
  columns: ['code', 'name', 'purpose', 'method', 'url', 'timeoutMs', 'status', 'createTime'],
});

describe('gateway route test call', () => {
  const answers: GatewayRouteTestResult[] = [];
  const called: string[] = [];
  mockServer(
    http.get('/boot/sys/gatewayRoute/list', () => HttpResponse.json(envelope({ records, total: 2, size: 10, current: 1, pages: 1 }))),
    http.post('/boot/sys/gatewayRoute/test', async ({ request }) => {
      called.push(((await request.json()) as { id: string }).id);
      return HttpResponse.json(envelope(answers.shift()));
    }),
  );
  const grant = () => setPermissions({ auth: [Permission.GatewayRouteList, Permission.GatewayRouteTest].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  it('calls the route from its row and shows status, duration and the start of the body', async () => {
    grant();
    answers.push({ url: 'https://hooks.example/in', status: 200, statusText: 'OK', durationMs: 87, contentType: 'application/json', bodyStart: '{"ok":true}', bodyEncoding: 'text', bodyTruncated: false, redirectTo: null, timedOut: false, error: null });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<GatewayRouteListPage />);
    const row = (await screen.findByText('Ops webhook')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Test' }));
    const dialog = await findDialog('Test: Ops webhook');
    expect(await within(dialog).findByText('200 OK')).toBeInTheDocument();
    expect(within(dialog).getByText('87 ms')).toBeInTheDocument();
    expect(within(dialog).getByText('{"ok":true}')).toBeInTheDocument();
    expect(called).toEqual([records[1]?.id]);
    clearPermissions();
  });

  it('says so when the route timed out', async () => {
    grant();
    answers.push({ url: 'https://tiles.example/0/0/0.png', status: null, statusText: null, durationMs: 5003, contentType: null, bodyStart: '', bodyEncoding: 'text', bodyTruncated: false, redirectTo: null, timedOut: true, error: 'no answer within 5000 ms' });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<GatewayRouteListPage />);
    const row = (await screen.findByText('Tile server')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Test' }));
    const dialog = await findDialog('Test: Tile server');
    expect(await within(dialog).findByText("No answer within the route's timeout (5000 ms)")).toBeInTheDocument();
    expect(within(dialog).getByText('No answer')).toBeInTheDocument();
    clearPermissions();
  });

  it('offers no test without its permission', async () => {
    setPermissions({ auth: [{ action: Permission.GatewayRouteList, describe: '', type: '1', status: '1' }], allAuth: [] });
    renderWithProviders(<GatewayRouteListPage />);
    await screen.findByText('Ops webhook');
    expect(screen.queryByRole('button', { name: 'Test' })).toBeNull();
    clearPermissions();
  });
});
