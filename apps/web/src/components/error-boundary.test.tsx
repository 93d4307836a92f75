import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/feature-test-utils';
import { ErrorBoundary } from './error-boundary';

const Broken = ({ error }: { error: Error }): never => {
  throw error;
};

describe('ErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a failing page as an error screen with a reload button, not a blank app', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <ErrorBoundary>
        <Broken error={new Error('boom')} />
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('The page could not be displayed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('names the part that could not be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/station-list-abc.js');
    renderWithProviders(
      <ErrorBoundary>
        <Broken error={error} />
      </ErrorBoundary>,
    );
    expect(await screen.findByText(/A part of the application could not be loaded \(.*station-list-abc\.js\)/)).toBeInTheDocument();
  });
});
