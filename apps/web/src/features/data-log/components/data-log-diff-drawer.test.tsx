import { type DataLogRecord, dataLogResource } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { DataLogDiffDrawer } from './data-log-diff-drawer';
import { diffRows } from './diff-rows';

const entry = (overrides: Partial<DataLogRecord>): DataLogRecord =>
  buildRecord(dataLogResource.record, { dataTable: 'tb_station', dataId: 'st-1', tenantId: 1, createBy: 'admin', createTime: '2026-11-20T08:00:00Z', ...overrides });
const v1 = entry({ id: 'log-1', dataVersion: 1, action: 'add', dataBefore: null, dataContent: { name: 'Harbour', remark: null, capacity: 10 } });
const v2 = entry({ id: 'log-2', dataVersion: 2, action: 'edit', dataBefore: v1.dataContent, dataContent: { name: 'Harbour east', remark: null, capacity: 10 } });
const v3 = entry({ id: 'log-3', dataVersion: 3, action: 'edit', dataBefore: v2.dataContent, dataContent: { name: 'Harbour east', remark: 'moved', capacity: 12 } });
const all = [v1, v2, v3];

describe('diffRows', () => {
  it('lists every field of either state in name order and marks the ones that differ', () => {
    expect(diffRows({ b: 1, a: { x: 1 }, c: null }, { a: { x: 1 }, b: 2, d: 'new' })).toEqual([
      { field: 'a', left: '{"x":1}', right: '{"x":1}', changed: false },
      { field: 'b', left: '1', right: '2', changed: true },
      { field: 'c', left: '', right: '', changed: false },
      { field: 'd', left: '', right: 'new', changed: true },
    ]);
  });
});

describe('the diff drawer', () => {
  let compared: string[][] = [];
  mockServer(
    http.get('/boot/sys/dataLog/queryDataVerList', () => HttpResponse.json(envelope(all.map(({ id, dataVersion, action, createBy, createTime }) => ({ id, dataVersion, action, createBy, createTime }))))),
    http.get('/boot/sys/dataLog/queryCompareList', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const ids = [params.get('dataId1') ?? '', params.get('dataId2') ?? ''];
      compared.push(ids);
      return HttpResponse.json(envelope(all.filter((e) => ids.includes(e.id))));
    }),
  );
  beforeEach(() => {
    compared = [];
  });
  const changedFields = (table: HTMLElement) => within(table).queryAllByRole('row').flatMap((row) => (row.getAttribute('aria-label')?.endsWith(' changed') ? [row.getAttribute('aria-label')] : []));

  it('opens on a change showing it against the version before, the changed field highlighted', async () => {
    renderWithProviders(<DataLogDiffDrawer entry={v2} open onClose={() => undefined} afterClose={() => undefined} />);
    expect(await screen.findByText('Changes of Station st-1')).toBeInTheDocument();
    await waitFor(() => expect(compared).toContainEqual(['log-1', 'log-2']));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Harbour east')).toBeInTheDocument());
    expect(changedFields(table)).toEqual(['name changed']);
    expect(screen.getByText('1 field changed')).toBeInTheDocument();
  });

  it('compares any two versions chosen, and shows only the changed fields on request', async () => {
    renderWithProviders(<DataLogDiffDrawer entry={v2} open onClose={() => undefined} afterClose={() => undefined} />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('combobox', { name: 'Newer version' }));
    await userEvent.click(await screen.findByText(/^Version 3 · Edited/));
    await waitFor(() => expect(compared).toContainEqual(['log-1', 'log-3']));
    const table = screen.getByRole('table');
    await waitFor(() => expect(changedFields(table).sort()).toEqual(['capacity changed', 'name changed', 'remark changed']));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only changed fields' }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it("shows a record's first version against nothing: every field added", async () => {
    renderWithProviders(<DataLogDiffDrawer entry={v1} open onClose={() => undefined} afterClose={() => undefined} />);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(changedFields(table).sort()).toEqual(['capacity changed', 'name changed']));
    expect(within(table).getByRole('columnheader', { name: 'Before the change' })).toBeInTheDocument();
  });
});
