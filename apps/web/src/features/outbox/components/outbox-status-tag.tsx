import type { OutboxRecord } from '@cellsight/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const colors = { sent: 'green', kept: 'gold', failed: 'red' } as const;

/** Where a message is, in words; a failed one shows the SMTP server's reason on hover. */
export function OutboxStatusTag({ message }: { message: Pick<OutboxRecord, 'status' | 'error'> }) {
  const { t } = useTranslation('outbox');
  const tag = <Tag color={colors[message.status]}>{t(`status.${message.status}`)}</Tag>;
  return message.error ? <Tooltip title={message.error}>{tag}</Tooltip> : tag;
}
