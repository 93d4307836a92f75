import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { loginResult } from '@/testing/fixtures';
import { EditableGrid } from './editable-grid';
import type { GridColumn, GridRow } from './types';

const photo = `temp/20261125/${'c'.repeat(32)}.png`;
const sheet = `temp/20261125/${'d'.repeat(32)}.xlsx`;

/** Grid files (`biz=temp`) are private to their tenant: fetched with the session, shown as a blob, other files saved. */
describe('the grid’s file and image cells', () => {
  const fetched: { path: string; token: string | null }[] = [];
  mockServer(
    http.get('/boot/sys/common/view/*', ({ request }) => {
      const path = new URL(request.url).pathname.replace('/boot/sys/common/view/', '');
      fetched.push({ path, token: request.headers.get('x-access-token') });
      return new HttpResponse('content', { headers: path.endsWith('.png') ? { 'content-type': 'image/png' } : { 'content-disposition': `attachment; filename="plan.xlsx"; filename*=UTF-8''plan.xlsx` } });
    }),
  );
  afterEach(() => {
    fetched.length = 0;
    session.clear();
    vi.restoreAllMocks();
  });

  it('shows an image cell’s file fetched with the session and saves a file cell’s as a download', async () => {
    session.start(loginResult({ token: 'grid-token' }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:grid'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const columns: GridColumn<GridRow>[] = [
      { key: 'picture', title: 'Picture', type: 'image' },
      { key: 'plan', title: 'Plan', type: 'file' },
    ];
    const user = userEvent.setup({ delay: null });
    const { container } = renderWithProviders(<EditableGrid<GridRow> columns={columns} rows={[{ id: 'r1', picture: photo, plan: sheet }]} />);
    await waitFor(() => expect(container.querySelector('[data-field="picture"] img')).toHaveAttribute('src', 'blob:grid'));
    expect(fetched).toEqual([{ path: photo, token: 'grid-token' }]);
    // No bare address to open in a tab: the file is fetched with the session when asked for.
    expect(container.querySelector('[data-field="plan"] a[href]')).toBeNull();
    await user.click(screen.getByRole('button', { name: `${'d'.repeat(32)}.xlsx` }));
    await waitFor(() => expect(saved).toEqual(['plan.xlsx']));
    expect(fetched).toContainEqual({ path: sheet, token: 'grid-token' });
  });
});
