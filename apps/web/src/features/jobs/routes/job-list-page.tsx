import { type JobRecord, JobStatus, type Language, Permission, jobResource, jobStatusWords, wordsIn } from '@cellsight/contract';
import { App, Button, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CronEditor } from '@/components/cron-editor/cron-editor';
import { ResourcePage } from '@/kit/resource-page';
import { formatDateTime } from '@/lib/format';
import { useHasPermission } from '@/lib/permissions';
import { useServerFeedback } from '@/lib/server-feedback';
import { useJobAction, useJobTasks } from '../api/jobs';
import { JobRunsDrawer } from '../components/job-runs-drawer';
import { JobStatusTag } from '../components/job-status-tag';

/**
 * System → Scheduled jobs: the platform's housekeeping and other server tasks on Quartz cron
 * schedules, with when each fires next; pause, resume, run now and the last runs of each.
 */
export default function JobListPage() {
  const { t, i18n } = useTranslation('jobs');
  const language = i18n.language as Language;
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const tasks = useJobTasks();
  const action = useJobAction();
  const can = { pause: useHasPermission(Permission.JobPause), execute: useHasPermission(Permission.JobExecute) };
  const [runsOf, setRunsOf] = useState<JobRecord | null>(null);

  const taskTitle = (name: string) => {
    const task = tasks.data?.find((one) => one.name === name);
    return task ? wordsIn(task.title, language) : name;
  };
  const run = async (job: JobRecord, kind: 'pause' | 'resume' | 'execute') => {
    try {
      const answer = await action.mutateAsync({ action: kind, id: job.id });
      if (kind !== 'execute') void message.success(t(`done.${kind}`, { task: taskTitle(job.jobClassName) }));
      else if (answer.result?.outcome === 'failed') void message.error(t('done.executeFailed', { task: taskTitle(job.jobClassName), reason: answer.result.message ?? '' }));
      else void message.success(t('done.execute', { task: taskTitle(job.jobClassName) }));
    } catch (error) {
      feedback.error(error);
    }
  };
  const statusOptions = [JobStatus.Running, JobStatus.Stopped].map((value) => ({ value, label: wordsIn(jobStatusWords[value], language) }));

  return (
    <>
      <ResourcePage
        resource={jobResource}
        columns={[
          {
            field: 'jobClassName',
            render: (job) => (
              <>
                <div>{taskTitle(job.jobClassName)}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {job.jobClassName}
                </Typography.Text>
              </>
            ),
          },
          { field: 'cronExpression', render: (job) => <Typography.Text code>{job.cronExpression}</Typography.Text> },
          { field: 'nextFireTime', render: (job) => formatDateTime(job.nextFireTime) },
          'parameter',
          'description',
          { field: 'status', render: (job) => <JobStatusTag status={job.status} /> },
        ]}
        search={[{ field: 'jobClassName', rule: 'like' }, { field: 'description', rule: 'like' }, { field: 'status' }]}
        searchInputs={{ status: <Select allowClear style={{ minWidth: 140 }} options={statusOptions} /> }}
        form={{
          fields: ['jobClassName', 'cronExpression', 'parameter', 'description', 'status'],
          initialValues: { cronExpression: '0 0 * * * ?', status: JobStatus.Running },
          wide: ['cronExpression', 'parameter', 'description'],
          inputs: {
            jobClassName: <Select showSearch optionFilterProp="label" loading={tasks.isLoading} options={(tasks.data ?? []).map((task) => ({ value: task.name, label: `${wordsIn(task.title, language)} (${task.name})` }))} />,
            cronExpression: <CronEditor />,
            status: <Select options={statusOptions} />,
          },
        }}
        rowActions={(job) => (
          <>
            {can.pause &&
              (job.status === JobStatus.Running ? (
                <Popconfirm title={t('confirm.pause')} okText={t('actions.pause')} onConfirm={() => run(job, 'pause')}>
                  <Button type="link" size="small">
                    {t('actions.pause')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button type="link" size="small" onClick={() => void run(job, 'resume')}>
                  {t('actions.resume')}
                </Button>
              ))}
            {can.execute && (
              <Popconfirm title={t('confirm.execute')} okText={t('actions.execute')} onConfirm={() => run(job, 'execute')}>
                <Button type="link" size="small">
                  {t('actions.execute')}
                </Button>
              </Popconfirm>
            )}
            <Button type="link" size="small" onClick={() => setRunsOf(job)}>
              {t('actions.runs')}
            </Button>
          </>
        )}
        refreshMs={10_000}
      />
      <JobRunsDrawer job={runsOf} title={runsOf ? taskTitle(runsOf.jobClassName) : ''} onClose={() => setRunsOf(null)} />
    </>
  );
}
