import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@/lib/api-client';

/** A user's avatar image, or a placeholder icon when none was uploaded. */
export function UserAvatar({ path, name }: { path: string | null; name: string }) {
  const { t } = useTranslation('users');
  const src = fileUrl(path);
  return src ? <Avatar src={src} alt={t('columns.avatarAlt', { name })} /> : <Avatar icon={<UserOutlined />} aria-label={t('columns.noAvatar')} />;
}
