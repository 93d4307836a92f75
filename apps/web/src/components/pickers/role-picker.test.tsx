import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { RolePicker } from './role-picker';

mockServer(
  http.get('/boot/sys/role/queryall', () =>
    HttpResponse.json(
      envelope([
        { id: 'r-admin', roleName: 'Administrator', roleCode: 'admin', description: null },
        { id: 'r-installer', roleName: 'Installer', roleCode: 'installer', description: null },
      ]),
    ),
  ),
);

configure({ defaultHidden: true });

describe('RolePicker', () => {
  it('shows each role as "name (code)", shows the value by its name and emits the picked id', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RolePicker value="r-admin" onChange={onChange} />);
    expect(await screen.findByTitle('Administrator (admin)')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    await user.type(screen.getByRole('combobox'), 'install');
    await user.click(await screen.findByTitle('Installer (installer)'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('r-installer'));
  });
});
