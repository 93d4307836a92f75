import { type JobRecord, type JobRunRecord, type Language, jobRunResource, wordsIn } from '@cellsight/contract';
import { Alert, Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useJobRuns } from '../api/jobs';

const outcomeColor: Record<JobRunRecord['outcome'], string> = { ok: 'green', failed: 'red', running: 'blue' };

/** The last runs of a job: fire time, duration, outcome, message and the process that ran it; read again every few seconds. */
export function JobRunsDrawer({ job, title, onClose }: { job: JobRecord | null; title: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('jobs');
  const runs = useJobRuns(job?.id ?? null);
  const label = (field: keyof typeof jobRunResource.labels) => wordsIn(jobRunResource.labels[field]!, i18n.language as Language);
  return (
    <Drawer open={job !== null} onClose={onClose} width={860} title={t('runs.title', { task: title })} destroyOnHidden>
      {runs.error && <Alert type="error" showIcon message={t('runs.loadError')} />}
      <Table<JobRunRecord>
        rowKey="id"
        size="small"
        loading={runs.isLoading}
        dataSource={runs.data?.records ?? []}
        pagination={false}
        locale={{ emptyText: t('runs.none') }}
        columns={[
          { key: 'fireTime', title: label('fireTime'), render: (_, run) => formatDateTime(run.fireTime) },
          { key: 'durationMs', title: label('durationMs'), align: 'end', render: (_, run) => run.durationMs ?? '' },
          {
            key: 'outcome',
            title: label('outcome'),
            render: (_, run) => (
              <>
                <Tag color={outcomeColor[run.outcome]}>{t(`outcome.${run.outcome}`)}</Tag>
                {run.manual && <Tag>{t('runs.manual')}</Tag>}
              </>
            ),
          },
          { key: 'message', title: label('message'), render: (_, run) => run.message ?? '' },
          { key: 'process', title: label('process'), render: (_, run) => run.process },
        ]}
      />
    </Drawer>
  );
}
