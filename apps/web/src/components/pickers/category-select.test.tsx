import type { CategoryTreeNode } from '@cellsight/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { CategorySelect } from './category-select';

const node = (key: string, title: string, code: string, parentId: string, leaf: boolean): CategoryTreeNode => ({ key, value: key, title, label: title, code, parentId, leaf });
const roots = [node('c-faults', 'Faults', 'A01', '0', false), node('c-requests', 'Requests', 'A02', '0', true)];
const children: Record<string, CategoryTreeNode[]> = { 'c-faults': [node('c-battery', 'Battery', 'A01A01', 'c-faults', true), node('c-grid', 'Grid', 'A01A02', 'c-faults', true)] };

let requests: string[] = [];
let childrenFail = false;
mockServer(
  http.get('/boot/sys/category/loadTreeRoot', ({ request }) => {
    requests.push(request.url);
    return HttpResponse.json(envelope(roots));
  }),
  http.get('/boot/sys/category/loadTreeChildren', ({ request }) => {
    requests.push(request.url);
    if (childrenFail) return HttpResponse.json(failure(4004, 'The category tree is being rebuilt'), { status: 400 });
    return HttpResponse.json(envelope(children[new URL(request.url).searchParams.get('pid') ?? ''] ?? []));
  }),
  http.get('/boot/sys/category/loadDictItem/:ids', ({ params }) => {
    requests.push(`names:${String(params.ids)}`);
    const names: Record<string, string> = { 'c-grid': 'Grid', 'c-requests': 'Requests' };
    return HttpResponse.json(envelope(String(params.ids).split(',').flatMap((id) => (names[id] ? [names[id]] : []))));
  }),
);

configure({ defaultHidden: true });

describe('CategorySelect', () => {
  beforeEach(() => {
    requests = [];
    childrenFail = false;
  });

  it('loads the top level, opens a node’s children on demand and emits the picked id', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CategorySelect onChange={onChange} condition='{"hasChild":"0"}' />);
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByTitle('Faults')).toBeInTheDocument();
    expect(screen.queryByTitle('Grid')).toBeNull();
    expect(new URL(requests[0]!).searchParams.get('condition')).toBe('{"hasChild":"0"}');
    await user.click(document.querySelector('.ant-select-tree-switcher_close') as HTMLElement);
    await user.click(await screen.findByTitle('Grid'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('c-grid'));
    expect(requests.some((url) => url.includes('loadTreeChildren') && url.includes('pid=c-faults'))).toBe(true);
  });

  it('shows the names of chosen ids that are not loaded yet, and picks several', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CategorySelect multiple value={['c-grid']} onChange={onChange} />);
    expect(await screen.findByTitle('Grid')).toBeInTheDocument();
    expect(requests).toContain('names:c-grid');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('Requests'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['c-grid', 'c-requests']));
  });

  it('refuses a condition that is not a JSON string with the spec’s message, in each language, and loads nothing', async () => {
    const view = renderWithProviders(<CategorySelect condition="hasChild=0" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('JTreeSelect component: the condition must be a JSON string!');
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('组件JTreeSelect-condition传值有误，需要一个json字符串!')).toBeInTheDocument();
    await i18n.changeLanguage('de-DE');
    expect(await screen.findByText('Komponente JTreeSelect: condition muss ein JSON-String sein!')).toBeInTheDocument();
    await i18n.changeLanguage('en-US');
    view.unmount();
    expect(requests).toEqual([]);
  });

  it('shows the server’s message when a level fails to load', async () => {
    childrenFail = true;
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CategorySelect />);
    await user.click(screen.getByRole('combobox'));
    await screen.findByTitle('Faults');
    await user.click(document.querySelector('.ant-select-tree-switcher_close') as HTMLElement);
    expect(await screen.findByText(/The category tree is being rebuilt/)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-select-status-error')).not.toBeNull());
  });
});
