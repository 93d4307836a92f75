import { UserStatus } from '@cellsight/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Status as a coloured tag: green normal, red frozen; unknown states show the server's text. */
export function UserStatusTag({ status, text }: { status: number; text: string }) {
  const { t } = useTranslation('users');
  if (status === UserStatus.Normal) return <Tag color="green">{t('status.normal')}</Tag>;
  if (status === UserStatus.Frozen) return <Tag color="red">{t('status.frozen')}</Tag>;
  return <Tag>{text}</Tag>;
}
