import { JobStatus, Permission, jobResource, jobRunResource } from '@cellsight/contract';
import { buildRecord, buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import JobListPage from './job-list-page';

const tasks = [
  { name: 'alarm.delivery', title: ['Deliver alarm notifications', '发送告警通知', 'Alarmbenachrichtigungen zustellen'] },
  { name: 'scheduler.heartbeat', title: ['Scheduler heartbeat (records its parameter)', '调度心跳（记录参数）', 'Planer-Lebenszeichen (hält den Parameter fest)'] },
];
const jobs = buildRecords(jobResource.record, [
  { id: 'job-alarm', jobClassName: 'alarm.delivery', cronExpression: '0 * * * * ?', status: JobStatus.Running, nextFireTime: '2026-03-01T10:01:00.000Z', description: 'Mails alarms' },
  { id: 'job-beat', jobClassName: 'scheduler.heartbeat', cronExpression: '0/2 * * * * ?', status: JobStatus.Stopped, nextFireTime: null, parameter: 'e2e' },
]);
const tasksHandler = http.get('/boot/sys/quartzJob/tasks', () => HttpResponse.json(envelope(tasks)));

describeListPage('scheduled jobs', {
  page: JobListPage,
  resource: jobResource,
  records: jobs,
  cellField: 'jobClassName',
  columns: ['jobClassName', 'cronExpression', 'nextFireTime', 'status'],
  handlers: [tasksHandler],
});

describe('the scheduled jobs page', () => {
  const calls: { action: string; id: string | null; body?: unknown }[] = [];
  mockServer(
    tasksHandler,
    http.get('/boot/sys/quartzJob/list', () => HttpResponse.json(envelope({ records: jobs, total: 2, size: 10, current: 1, pages: 1 }))),
    http.post('/boot/sys/quartzJob/:action', async ({ params, request }) => {
      const action = String(params.action);
      const id = new URL(request.url).searchParams.get('id');
      calls.push({ action, id, body: action === 'add' ? await request.json() : undefined });
      if (action === 'execute') return HttpResponse.json(envelope(buildRecord(jobRunResource.record, { jobId: id ?? '', outcome: 'ok', message: 'Heartbeat: e2e' })));
      return HttpResponse.json(envelope(action === 'add' ? 'new-job' : null));
    }),
    http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope(null, 200, 'This value is available'))),
    http.get('/boot/sys/quartzJob/nextFireTimes', () => HttpResponse.json(envelope({ times: ['2026-03-01T10:00:02.000Z'], timeZone: 'UTC' }))),
    http.get('/boot/sys/quartzJobRun/list', ({ request }) =>
      HttpResponse.json(
        envelope({
          records: new URL(request.url).searchParams.get('jobId') === 'job-alarm' ? buildRecords(jobRunResource.record, [{ jobId: 'job-alarm', outcome: 'ok', durationMs: 42, message: '2 alarms, 0 escalations, 2 mails', process: 'console-1:4242' }, { jobId: 'job-alarm', outcome: 'failed', durationMs: 7, message: 'the mail server is down', process: 'console-2:77' }]) : [],
          total: 2,
          size: 50,
          current: 1,
          pages: 1,
        }),
      ),
    ),
  );
  afterEach(() => {
    calls.length = 0;
    clearPermissions();
  });
  const grant = (...codes: string[]) => setPermissions({ auth: [Permission.JobList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  it('shows each job’s task in the console’s language, its status and next run, and offers pause, resume and run now with their permissions only', async () => {
    grant();
    const { unmount } = renderWithProviders(<JobListPage />);
    expect(await screen.findByText('Deliver alarm notifications')).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
    unmount();

    grant(Permission.JobPause, Permission.JobExecute);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<JobListPage />);
    const alarmRow = (await screen.findByText('Deliver alarm notifications')).closest('tr')!;
    await user.click(within(alarmRow).getByRole('button', { name: 'Pause' }));
    await user.click(within(document.querySelector<HTMLElement>('.ant-popover')!).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls).toContainEqual({ action: 'pause', id: 'job-alarm', body: undefined }));

    const beatRow = screen.getByText('e2e').closest('tr')!;
    await user.click(within(beatRow).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls).toContainEqual({ action: 'resume', id: 'job-beat', body: undefined }));
    await user.click(within(beatRow).getByRole('button', { name: 'Run now' }));
    const popovers = document.querySelectorAll<HTMLElement>('.ant-popover:not(.ant-popover-hidden)');
    await user.click(within(popovers[popovers.length - 1]!).getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Scheduler heartbeat (records its parameter) ran')).toBeInTheDocument();
  });

  it('shows a job’s last runs: fire time, duration, outcome, message and process', async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<JobListPage />);
    const alarmRow = (await screen.findByText('Deliver alarm notifications')).closest('tr')!;
    await user.click(within(alarmRow).getByRole('button', { name: 'Runs' }));
    expect(await screen.findByText('Last runs: Deliver alarm notifications')).toBeInTheDocument();
    const drawer = screen.getByRole('dialog');
    expect(await within(drawer).findByText('2 alarms, 0 escalations, 2 mails')).toBeInTheDocument();
    expect(within(drawer).getByText('OK')).toBeInTheDocument();
    expect(within(drawer).getByText('Failed')).toBeInTheDocument();
    expect(within(drawer).getByText('the mail server is down')).toBeInTheDocument();
    expect(within(drawer).getByText('console-1:4242')).toBeInTheDocument();
    expect(within(drawer).getByText('42')).toBeInTheDocument();
  });

  it('adds a job with a task of the server and a schedule from the cron editor', async () => {
    grant(Permission.JobAdd);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<JobListPage />);
    await screen.findByText('Deliver alarm notifications');
    await user.click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await findDialog('Add job');
    await user.click(within(dialog).getByRole('combobox', { name: 'Task' }));
    await user.click(await screen.findByTitle('Scheduler heartbeat (records its parameter) (scheduler.heartbeat)'));
    const expression = within(dialog).getByRole('textbox', { name: 'Cron expression' });
    await user.clear(expression);
    await user.type(expression, '0 0 * * * ?');
    const seconds = within(dialog).getByRole('radiogroup', { name: 'Second' });
    await user.click(within(seconds).getByRole('radio', { name: /Every .* seconds, starting at second/ }));
    const step = within(seconds).getByRole('spinbutton', { name: 'Step' });
    await user.clear(step);
    await user.type(step, '2');
    await waitFor(() => expect(expression).toHaveValue('0/2 0 * * * ?'));
    await user.type(within(dialog).getByLabelText('Parameter'), 'from the page');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.action === 'add')?.body).toMatchObject({ jobClassName: 'scheduler.heartbeat', cronExpression: '0/2 0 * * * ?', parameter: 'from the page', status: JobStatus.Running }));
  });
});
