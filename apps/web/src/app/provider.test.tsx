import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { notice, toast } from '@/lib/notify';
import { setReducedMotion } from '@/testing/viewport';
import { AppProvider } from './provider';

/** Shows whether antd animates (its `motion` token) where it is rendered. */
function MotionToken() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'animated' : 'still'}</p>;
}

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

  it('turns antd’s motion off while the system asks for reduced motion, and on again when it no longer does', async () => {
    setReducedMotion(true);
    render(
      <AppProvider queryClient={new QueryClient()}>
        <MotionToken />
      </AppProvider>,
    );
    expect(await screen.findByText('still')).toBeInTheDocument();
    act(() => setReducedMotion(false));
    expect(await screen.findByText('animated')).toBeInTheDocument();
  });
});
