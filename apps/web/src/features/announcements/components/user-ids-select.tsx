import { endpointsOfResource, splitIds, userResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

interface UserIdsSelectProps {
  /** Comma-joined user ids (the wire's `userIds`). */
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
}

/** The users an announcement goes to, chosen by name among the tenant's users; the value is their ids comma-joined. */
export function UserIdsSelect({ value, onChange, id }: UserIdsSelectProps) {
  const { t } = useTranslation('announcements');
  const users = useQuery({
    queryKey: ['/sys/user', 'announcement-recipients'],
    queryFn: async () => (await api.call(endpointsOfResource(userResource).list, { query: { pageSize: 500, column: 'username', order: 'asc' } })).result.records,
  });
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      loading={users.isLoading}
      placeholder={t('admin.chooseUsers')}
      optionFilterProp="label"
      value={splitIds(value)}
      onChange={(ids: string[]) => onChange?.(ids.join(','))}
      options={(users.data ?? []).map((user) => ({ value: user.id, label: `${user.realname} (${user.username})` }))}
    />
  );
}
