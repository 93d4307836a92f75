import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Navigate, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicConfig } from '@/testing/fixtures';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import StationAddPage from './station-add-page';

mockServer(http.get('/boot/sys/public/config', () => HttpResponse.json(envelope(publicConfig))));

const open = (path: string) => {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={path} replace />} />
      <Route path="/site/add" element={<StationAddPage />} />
      <Route path="/site/index" element={<p>Station list</p>} />
    </Routes>,
  );
};

describe('StationAddPage', () => {
  it('opens the creation wizard at once, and goes back to the station list when it is left', async () => {
    open('/site/add');
    const dialog = await findDialog('Create station');
    expect(dialog).toHaveTextContent('Add Logger');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Station list')).toBeInTheDocument();
  });

  it('creates a sub-station of the main station named by ?pid=', async () => {
    open('/site/add?pid=st-main');
    expect(await findDialog('Create sub-station')).toBeInTheDocument();
  });
});
