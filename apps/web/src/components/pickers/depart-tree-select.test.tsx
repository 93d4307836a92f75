import type { DepartIdNode } from '@cellsight/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { DepartTreeSelect } from './depart-tree-select';

const node = (key: string, title: string, children: DepartIdNode[] = []): DepartIdNode => ({ key, value: key, title, children });
mockServer(http.get('/boot/sys/sysDepart/queryIdTree', () => HttpResponse.json(envelope([node('d-root', 'Cellsight', [node('d-sales', 'Sales'), node('d-service', 'Service')])]))));

configure({ defaultHidden: true });

describe('DepartTreeSelect', () => {
  it('offers the whole tree and emits the picked department', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepartTreeSelect onChange={onChange} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('Sales'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('d-sales'));
  });

  it('picks several departments, each on its own', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepartTreeSelect multiple value={['d-service']} onChange={onChange} />);
    expect(await screen.findByTitle('Service')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('Cellsight'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['d-service', 'd-root']));
  });
});
