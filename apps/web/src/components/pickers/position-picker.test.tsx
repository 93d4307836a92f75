import { type Page, type PositionRecord, positionResource } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { PositionPicker } from './position-picker';

const positions = [
  buildRecord(positionResource.record, { id: 'p1', code: 'P01', name: 'Engineer', rank: '3' }),
  buildRecord(positionResource.record, { id: 'p2', code: 'P02', name: 'Technician', rank: '2' }),
];
let queries: Record<string, string>[] = [];

mockServer(
  http.get('/boot/sys/position/list', ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    delete params._t;
    queries.push(params);
    // The list contract's rules as far as the picker uses them: *part* of the name, or codes.
    const name = params.name?.replaceAll('*', '').toLowerCase();
    const codes = params.code?.split(',');
    const records = positions.filter((p) => (!name || p.name.toLowerCase().includes(name)) && (!codes || codes.includes(p.code)));
    const page: Page<PositionRecord> = { records, total: records.length, size: 20, current: 1, pages: 1 };
    return HttpResponse.json(envelope(page));
  }),
);

configure({ defaultHidden: true });
beforeEach(() => {
  queries = [];
});

describe('PositionPicker', () => {
  it('shows the value by name, searches the server by name and emits the picked code', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PositionPicker value="P01" onChange={onChange} />);
    expect(await screen.findByTitle('Engineer')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    await user.type(screen.getByRole('combobox'), 'tech');
    await waitFor(() => expect(queries).toContainEqual({ name: '*tech*', pageSize: '20', column: 'name', order: 'asc' }));
    await user.click(await screen.findByTitle('Technician'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('P02'));
  });
});
