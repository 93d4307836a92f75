import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
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

  it('gives way to the page again when its reset key changes (another path), not before', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const Page = () => (fail ? <Broken error={new Error('boom')} /> : <p>the other page</p>);
    const Harness = () => {
      const [path, setPath] = useState('/a');
      const [, setRenders] = useState(0);
      return (
        <>
          <button onClick={() => setRenders((count) => count + 1)}>same path</button>
          <button onClick={() => setPath('/b')}>other path</button>
          <ErrorBoundary resetKey={path}>
            <Page />
          </ErrorBoundary>
        </>
      );
    };
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'same path' }));
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'other path' }));
    expect(await screen.findByText('the other page')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
