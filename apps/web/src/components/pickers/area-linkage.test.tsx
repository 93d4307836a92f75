import type { AreaItem } from '@cellsight/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { AreaLinkage, AreaRegionInput, AreaText } from './area-linkage';

const area = (id: string, text: string, pid: string, level: number): AreaItem => ({ id, text, pid, level });
const all = [
  area('440000', '广东省', '', 1),
  area('810000', '香港特别行政区', '', 1),
  area('440300', '深圳市', '440000', 2),
  area('440100', '广州市', '440000', 2),
  area('440304', '福田区', '440300', 3),
  area('440305', '南山区', '440300', 3),
  area('810001', '中西區', '810000', 2),
];
let asked: string[] = [];
mockServer(
  http.get('/boot/sys/area/children', ({ request }) => {
    const pid = new URL(request.url).searchParams.get('pid') ?? '';
    asked.push(pid);
    return HttpResponse.json(envelope(all.filter((item) => item.pid === pid)));
  }),
  http.get('/boot/sys/area/path', ({ request }) => {
    const chain: AreaItem[] = [];
    let code = new URL(request.url).searchParams.get('code') ?? '';
    for (let item = all.find((a) => a.id === code); item; item = all.find((a) => a.id === code)) {
      chain.unshift(item);
      code = item.pid;
    }
    return HttpResponse.json(envelope(chain));
  }),
);

configure({ defaultHidden: true });

describe('AreaLinkage', () => {
  beforeEach(() => {
    asked = [];
  });

  it('as a cascader, loads each level when its parent opens and emits the deepest code chosen', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AreaLinkage onChange={onChange} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('广东省'));
    await user.click(await screen.findByText('深圳市'));
    await user.click(await screen.findByText('南山区'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('440305'));
    expect(asked).toEqual(['', '440000', '440300']);
  });

  it('as a cascader, shows a saved code with the names of its levels', async () => {
    renderWithProviders(<AreaLinkage value="440304" />);
    expect(await screen.findByText('广东省 / 深圳市 / 福田区')).toBeInTheDocument();
  });

  it('as three selects, each filters the next, and a changed province clears the levels below', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AreaLinkage type="select" value="440304" onChange={onChange} />);
    expect(await screen.findByTitle('福田区')).toBeInTheDocument();
    expect(screen.getByTitle('深圳市')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'City' }));
    await user.click(await screen.findByTitle('广州市'));
    expect(onChange).toHaveBeenLastCalledWith('440100');
    await user.click(screen.getByRole('combobox', { name: 'Province' }));
    await user.click(await screen.findByTitle('香港特别行政区'));
    expect(onChange).toHaveBeenLastCalledWith('810000');
    await user.click(screen.getByRole('combobox', { name: 'City' }));
    expect(await screen.findByTitle('中西區')).toBeInTheDocument();
    expect(screen.queryByTitle('广州市')).toBeNull();
  });

  it('shows a saved code as its names, and text that is no code as it is', async () => {
    renderWithProviders(
      <>
        <AreaText value="440305" />|<AreaText value="Bavaria" />
      </>,
    );
    expect(await screen.findByText(/广东省 \/ 深圳市 \/ 南山区/)).toBeInTheDocument();
    expect(screen.getByText(/Bavaria/)).toBeInTheDocument();
  });

  it('as a region field, keeps a typed region as text and switches to picking an area, which clears it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AreaRegionInput value="Hamburg" onChange={onChange} />);
    expect(screen.getByRole('textbox')).toHaveValue('Hamburg');
    await user.click(screen.getByRole('button', { name: 'Pick an area' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('香港特别行政区'));
    await user.click(await screen.findByText('中西區'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('810001'));
    expect(screen.getByRole('button', { name: 'Type instead' })).toBeInTheDocument();
  });
});
