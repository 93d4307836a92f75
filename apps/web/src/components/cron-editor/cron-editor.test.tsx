import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { CronEditor } from './cron-editor';

/** The expressions the editor asked about, and when each fires next (a stand-in for the server's croner). */
const asked: string[] = [];
mockServer(
  http.get('/boot/sys/quartzJob/nextFireTimes', ({ request }) => {
    const expression = new URL(request.url).searchParams.get('cronExpression') ?? '';
    asked.push(expression);
    if (expression.includes('61')) return HttpResponse.json(failure(4004, 'cronExpression: is not a valid cron expression (Invalid value for minute: 61)', [{ field: 'cronExpression', message: 'is not a valid cron expression' }]), { status: 400 });
    const times = expression === '0/2 * * * * ?' ? [0, 2, 4, 6, 8].map((second) => `2026-03-01T10:00:0${second}.000Z`) : ['2026-03-16T12:00:00.000Z'];
    return HttpResponse.json(envelope({ times, timeZone: 'UTC' }));
  }),
);

function Controlled({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CronEditor value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const expressionBox = () => screen.getByRole('textbox', { name: 'Cron expression' });

describe('the cron editor', () => {
  it('builds every 2 seconds in the second tab’s increment mode, and shows the next 5 fire times', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Controlled initial="* * * * * ?" />);
    const secondTab = screen.getByRole('radiogroup', { name: 'Second' });
    await user.click(within(secondTab).getByRole('radio', { name: /Every .* seconds, starting at second/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('0/1 * * * * ?');
    const step = within(secondTab).getByRole('spinbutton', { name: 'Step' });
    await user.clear(step);
    await user.type(step, '2');
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('0/2 * * * * ?'));
    expect(expressionBox()).toHaveValue('0/2 * * * * ?');
    const next = await screen.findByRole('list', { name: 'Next 5 fire times' });
    await waitFor(() => expect(within(next).getAllByRole('listitem')).toHaveLength(5));
    expect(asked).toContain('0/2 * * * * ?');
  });

  it('reads a typed expression back into the tabs: the nth weekday of the month', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Controlled initial="* * * * * ?" />);
    await user.clear(expressionBox());
    await user.type(expressionBox(), '0 0 12 ? * 2#3');
    await user.click(screen.getByRole('tab', { name: 'Week' }));
    const week = screen.getByRole('radiogroup', { name: 'Week' });
    expect(within(week).getByRole('radio', { name: /The .* of the month/, checked: true })).toBeInTheDocument();
    expect(within(week).getByRole('spinbutton', { name: 'Which one (1 to 5)' })).toHaveValue('3');
    await user.click(screen.getByRole('tab', { name: 'Day' }));
    expect(within(screen.getByRole('radiogroup', { name: 'Day' })).getByRole('radio', { name: /Not set/, checked: true })).toBeInTheDocument();
  });

  it('keeps day and week exclusive: choosing weekdays sets the day to ?, the last day of the month sets the week to ?', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Controlled initial="0 0 8 * * ?" />);
    await user.click(screen.getByRole('tab', { name: 'Week' }));
    const week = screen.getByRole('radiogroup', { name: 'Week' });
    await user.click(within(week).getByRole('radio', { name: /Specific weekdays/ }));
    await user.click(within(week).getByRole('checkbox', { name: 'Friday' }));
    expect(screen.getByTestId('value')).toHaveTextContent('0 0 8 ? * 1,6');
    await user.click(screen.getByRole('tab', { name: 'Day' }));
    await user.click(within(screen.getByRole('radiogroup', { name: 'Day' })).getByRole('radio', { name: 'The last day of the month' }));
    expect(screen.getByTestId('value')).toHaveTextContent('0 0 8 L * ?');
  });

  it('says which part the tabs cannot show, and what the server finds wrong', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Controlled initial="0 0 8 * * ?" />);
    await user.clear(expressionBox());
    await user.type(expressionBox(), '0 61 * * * ?');
    expect(screen.getByText('The tabs cannot show the Minute part of this expression; it is kept as typed.')).toBeInTheDocument();
    expect(await screen.findByText('cronExpression: is not a valid cron expression (Invalid value for minute: 61)')).toBeInTheDocument();
  });
});
