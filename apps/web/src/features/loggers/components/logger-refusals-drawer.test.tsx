import type { LoggerRefusal } from '@cellsight/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { LoggerRefusalsButton } from './logger-refusals-drawer';

const invalidExample = '{"v":1,"samples":[{"batterySn":"BAT-0001","soc":250';

const refusals: Record<string, LoggerRefusal[]> = {
  'GW-0001': [
    {
      reason: 'invalid',
      count: 1234,
      firstTime: '2026-11-20T08:00:00.000Z',
      lastTime: '2026-11-22T09:15:00.000Z',
      lastTopic: 'cs/v1/GW-0001/telemetry',
      lastDetail: 'samples.0.soc: Too big: expected number to be <=100',
      lastExample: `${invalidExample}${'x'.repeat(900)}…`,
    },
    { reason: 'acl', count: 1, firstTime: '2026-11-21T10:00:00.000Z', lastTime: '2026-11-21T10:00:00.000Z', lastTopic: 'cs/v1/GW-0002/cmd', lastDetail: null, lastExample: null },
  ],
  'GW-0002': [],
};

const queried: string[] = [];
mockServer(
  http.get('/boot/want/logger/refusals', ({ request }) => {
    const gsn = new URL(request.url).searchParams.get('gsn') ?? '';
    queried.push(gsn);
    const found = refusals[gsn];
    return found ? HttpResponse.json(envelope(found)) : HttpResponse.json(failure(4000, `logger ${gsn} not found`), { status: 404 });
  }),
);

configure({ defaultHidden: true });

const open = async (gsn: string) => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<LoggerRefusalsButton gsn={gsn} />);
  await user.click(screen.getByRole('button', { name: `Refused messages of ${gsn}` }));
};

describe('a logger’s refused messages', () => {
  it('lists each reason with what the logger did wrong, how often and when, and the latest message', async () => {
    await open('GW-0001');
    const table = await screen.findByRole('table', { name: 'Refused messages of logger GW-0001' });
    const invalid = (await within(table).findByText('Invalid')).closest('tr') as HTMLElement;
    expect(within(invalid).getByText(/broke the protocol: a field missing/)).toBeInTheDocument();
    expect(within(invalid).getByText((1234).toLocaleString())).toBeInTheDocument();
    expect(within(invalid).getByText('cs/v1/GW-0001/telemetry')).toBeInTheDocument();
    expect(within(invalid).getByText('samples.0.soc: Too big: expected number to be <=100')).toBeInTheDocument();
    const example = within(invalid).getByLabelText('Start of the latest message refused as Invalid');
    expect(example.tagName).toBe('PRE');
    expect(example.textContent?.startsWith(invalidExample)).toBe(true);
    expect(example.textContent?.endsWith('…')).toBe(true);

    const acl = within(table).getByText('Topic not allowed').closest('tr') as HTMLElement;
    expect(within(acl).getByText(/outside its own topics/)).toBeInTheDocument();
    expect(within(acl).getByText('cs/v1/GW-0002/cmd')).toBeInTheDocument();
    expect(within(acl).queryByLabelText(/Start of the latest message/)).not.toBeInTheDocument();
    expect(queried).toContain('GW-0001');
  });

  it('says so when no message of the logger was refused', async () => {
    await open('GW-0002');
    expect(await screen.findByText('No message from this logger was refused.')).toBeInTheDocument();
  });

  it('explains a logger it may not see', async () => {
    await open('GW-0404');
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
