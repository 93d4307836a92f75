import { JobStatus, type Language, jobStatusWords, wordsIn } from '@cellsight/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Running (green) or stopped (grey), in the console's language. */
export function JobStatusTag({ status }: { status: number }) {
  const { i18n } = useTranslation();
  const running = status === JobStatus.Running;
  return <Tag color={running ? 'green' : 'default'}>{wordsIn(jobStatusWords[running ? JobStatus.Running : JobStatus.Stopped], i18n.language as Language)}</Tag>;
}
