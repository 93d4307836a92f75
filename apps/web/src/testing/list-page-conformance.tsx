import { type Page, type Resource, wordsIn } from '@cellsight/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, mockServer, renderWithProviders } from './feature-test-utils';

export interface ListPageCase<Row> {
  page: ComponentType;
  resource: Resource;
  /** Rows the list answers with (from the contract's builders). */
  records: Row[];
  /** A record field shown in a cell, to find a row by. */
  cellField: keyof Row & string;
  /** The columns the table heads, by field. */
  columns: readonly string[];
  /** Other calls the page makes (the options of its form), answered alongside the list. */
  handlers?: RequestHandler[];
}

/** A field's English label as a pattern for the headings (labels may hold units in brackets: "SOC (%)"). */
const label = (resource: Resource, field: string) => {
  const words = (resource.labels as Record<string, readonly [string, string, string] | undefined>)[field];
  return (words ? wordsIn(words, 'en-US') : field).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
};

/**
 * What every list page built on the kit does the same: its columns and rows, the spec's paging
 * (10 per page, 10/20/30, quick jumper), sorting by a heading, the loading, empty and error states,
 * and toolbar buttons that follow the user's permissions (batch delete only with selected rows).
 */
export function describeListPage<Row extends object>(name: string, testCase: ListPageCase<Row>): void {
  describe(`list page: ${name}`, () => {
    const { resource, records, page: PageComponent } = testCase;
    let answer: 'rows' | 'empty' | 'error' = 'rows';
    let queries: Record<string, string>[] = [];
    mockServer(
      http.get(`/boot${resource.path}/list`, ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        delete params._t;
        queries.push(params);
        if (answer === 'error') return HttpResponse.json(failure(500, 'The database is not reachable'), { status: 500 });
        const rows = answer === 'empty' ? [] : records;
        const body: Page<Row> = { records: rows, total: answer === 'empty' ? 0 : 42, size: 10, current: Number(params.pageNo ?? 1), pages: 5 };
        return HttpResponse.json(envelope(body));
      }),
      ...(testCase.handlers ?? []),
    );
    const grantAll = () =>
      setPermissions({ auth: Object.values(resource.permissions).map((action) => ({ action: action ?? '', describe: '', type: '1', status: '1' })), allAuth: [] });

    beforeEach(() => {
      answer = 'rows';
      queries = [];
      grantAll();
    });
    afterEach(() => {
      clearPermissions();
    });

    it('shows its columns and rows, and asks for page 1 of 10 in the default order', async () => {
      renderWithProviders(<PageComponent />);
      const first = records[0];
      expect(await screen.findByText(String(first?.[testCase.cellField]))).toBeInTheDocument();
      for (const field of testCase.columns) expect(screen.getByRole('columnheader', { name: new RegExp(label(resource, field)) })).toBeInTheDocument();
      expect(queries[0]).toMatchObject({ pageNo: '1', pageSize: '10' });
      expect(screen.getByText('1-10 of 42')).toBeInTheDocument();
      expect(document.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    });

    it('pages and sorts through the server', async () => {
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<PageComponent />);
      await screen.findByText(String(records[0]?.[testCase.cellField]));
      await user.click(screen.getByTitle('2'));
      await waitFor(() => expect(queries.at(-1)).toMatchObject({ pageNo: '2', pageSize: '10' }));
      const sortable = testCase.columns.find((field) => field !== resource.defaultSort.column && (resource.columns as Record<string, { sortable?: boolean }>)[field]?.sortable !== false && field in resource.columns);
      if (sortable) {
        await user.click(screen.getByRole('columnheader', { name: new RegExp(label(resource, sortable)) }));
        await waitFor(() => expect(queries.at(-1)).toMatchObject({ column: sortable, order: 'asc', pageNo: '1' }));
      }
    });

    it('says when there is nothing, and when the list could not load, with a retry', async () => {
      answer = 'empty';
      const user = userEvent.setup({ delay: null });
      const view = renderWithProviders(<PageComponent />);
      expect(await screen.findByText('No data')).toBeInTheDocument();
      view.unmount();
      answer = 'error';
      renderWithProviders(<PageComponent />);
      const retry = await screen.findByRole('button', { name: 'Try again' });
      expect(screen.getByRole('alert')).toBeInTheDocument();
      answer = 'rows';
      await user.click(retry);
      expect(await screen.findByText(String(records[0]?.[testCase.cellField]))).toBeInTheDocument();
    });

    it('shows each toolbar button only with its permission, batch delete only with selected rows', async () => {
      const user = userEvent.setup({ delay: null });
      clearPermissions();
      setPermissions({ auth: [{ action: resource.permissions.list, describe: '', type: '1', status: '1' }], allAuth: [] });
      const view = renderWithProviders(<PageComponent />);
      await screen.findByText(String(records[0]?.[testCase.cellField]));
      for (const name of ['Add', 'Export', 'Import', 'Edit', 'Delete']) expect(screen.queryByRole('button', { name: new RegExp(`^\\S*\\s*${name}\\b`) })).toBeNull();
      view.unmount();
      grantAll();
      renderWithProviders(<PageComponent />);
      await screen.findByText(String(records[0]?.[testCase.cellField]));
      if (resource.permissions.add) expect(screen.getByRole('button', { name: /Add/ })).toBeInTheDocument();
      if (resource.permissions.export) expect(screen.getByRole('button', { name: /^\S*\s*Export$/ })).toBeInTheDocument();
      if (resource.permissions.import) expect(screen.getByRole('button', { name: /Import/ })).toBeInTheDocument();
      if (resource.permissions.delete) {
        expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
        const row = screen.getByText(String(records[0]?.[testCase.cellField])).closest('tr');
        await user.click(within(row as HTMLElement).getByRole('checkbox'));
        expect(await screen.findByRole('button', { name: /Delete selected/ })).toBeInTheDocument();
        expect(screen.getByText('1 selected')).toBeInTheDocument();
      }
    });
  });
}
