import { ticketLimits, ticketResource } from '@cellsight/contract';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StationSelect } from '@/components/pickers/station-select';
import { ResourcePage } from '@/kit/resource-page';
import type { SearchField } from '@/kit/list-state';
import { useUserInfo } from '@/lib/use-session';
import { useTicketLiveRefresh } from '../api/use-ticket-live-refresh';
import { AttachmentsInput } from '../components/attachments-input';
import { worklistPaths } from '../lib/worklist-paths';

const search: readonly SearchField[] = [
  { field: 'orderNo', rule: 'like' },
  { field: 'title', rule: 'like' },
  { field: 'status' },
  { field: 'category' },
  { field: 'stationId' },
  { field: 'createTime', range: true },
];

/**
 * The ticket list (spec worklist-index): the user's own tickets and those of the accounts below
 * it, newest first, filtered by status, category, station and time; filing a ticket on one of the
 * user's stations with up to 9 attachments. New tickets and replies arrive live.
 */
export default function TicketListPage() {
  const { t } = useTranslation('worklist');
  const userInfo = useUserInfo();
  useTicketLiveRefresh();

  return (
    <ResourcePage
      resource={ticketResource}
      columns={[
        { field: 'orderNo', render: (ticket) => <Link to={worklistPaths.detail(ticket.id)}>{ticket.orderNo}</Link> },
        'title',
        'category',
        'stationName',
        'status',
        'submitterName',
        'createTime',
        'updateTime',
      ]}
      search={search}
      searchInputs={{ stationId: <StationSelect /> }}
      rowActions={(ticket) => <Link to={worklistPaths.detail(ticket.id)}>{t('list.open')}</Link>}
      form={{
        fields: ['title', 'category', 'stationId', 'contact', 'contact_mobile', 'description', 'attachments'],
        wide: ['description', 'attachments'],
        initialValues: { contact: userInfo?.realname || userInfo?.username || undefined, contact_mobile: userInfo?.phone || undefined, attachments: [] },
        inputs: {
          stationId: <StationSelect placeholder={t('form.stationPlaceholder')} />,
          description: <Input.TextArea rows={5} showCount maxLength={ticketLimits.descriptionMax} placeholder={t('form.descriptionPlaceholder')} />,
          attachments: <AttachmentsInput />,
        },
      }}
    />
  );
}
