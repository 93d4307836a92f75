import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notice, toast } from '@/lib/notify';
import { AppProvider } from './provider';

describe('AppProvider', () => {
  it('shows toasts and notices on a page without antd App, mounting one on the first', async () => {
    render(
      <AppProvider queryClient={new QueryClient()}>
        <button type="button" onClick={() => toast('success', 'A code is on its way')}>
          toast
        </button>
        <button type="button" onClick={() => notice('warning', 'Session expired', 'Sign in again')}>
          notice
        </button>
      </AppProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'toast' }));
    expect(await screen.findByText('A code is on its way')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'notice' }));
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(screen.getByText('Sign in again')).toBeInTheDocument();
  });
});
