import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** Online or offline, with when it last changed. */
export function OnlineTag({ online, since }: { online: boolean; since: string | null }) {
  const { t } = useTranslation('loggers');
  const tag = <Tag color={online ? 'success' : 'default'}>{online ? t('state.online') : t('state.offline')}</Tag>;
  return since ? <Tooltip title={t('state.since', { time: formatDateTime(since) })}>{tag}</Tooltip> : tag;
}
