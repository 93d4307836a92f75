import { type AnnouncementRecord, Permission, SendStatus, announcementOpenTypes, announcementResource } from '@cellsight/contract';
import { Button, Popconfirm, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionalDateTimeInput, ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useServerFeedback } from '@/lib/server-feedback';
import { useReleaseAnnouncement } from '../api/announcement-actions';
import { RichTextEditor } from '@/components/rich-text/rich-text-editor';
import { UserIdsSelect } from '../components/user-ids-select';

/**
 * System → Announcements (administrators): notices to everyone of the tenant or to chosen users,
 * written as rich text, edited while a draft, then published to their readers' bells and revoked.
 */
export default function AnnouncementListPage() {
  const { t } = useTranslation('announcements');
  const feedback = useServerFeedback();
  const mayRelease = useHasPermission(Permission.AnnouncementRelease);
  const release = useReleaseAnnouncement();

  const act = async (record: AnnouncementRecord, action: 'publish' | 'revoke') => {
    try {
      feedback.success(await release.mutateAsync({ id: record.id, action }), t(action === 'publish' ? 'admin.published' : 'admin.revoked'));
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <ResourcePage
      resource={announcementResource}
      columns={['titile', 'priority', 'msgType', 'sendStatus', 'sender', 'sendTime', 'createTime']}
      search={[{ field: 'titile', rule: 'like' }, { field: 'sendStatus' }, { field: 'priority' }]}
      canEdit={(record) => record.sendStatus === SendStatus.Draft}
      expandable={{ expandedRowRender: (record) => <div className="cs-rich-text" dangerouslySetInnerHTML={{ __html: record.msgContent }} /> }}
      rowActions={(record) =>
        mayRelease &&
        (record.sendStatus === SendStatus.Draft ? (
          <Popconfirm title={t('admin.confirmPublish')} onConfirm={() => act(record, 'publish')}>
            <Button type="link" size="small">
              {t('admin.publish')}
            </Button>
          </Popconfirm>
        ) : record.sendStatus === SendStatus.Published ? (
          <Popconfirm title={t('admin.confirmRevoke')} onConfirm={() => act(record, 'revoke')}>
            <Button type="link" size="small" danger>
              {t('admin.revoke')}
            </Button>
          </Popconfirm>
        ) : null)
      }
      form={{
        fields: ['titile', 'priority', 'msgType', 'userIds', 'openType', 'openPage', 'startTime', 'endTime', 'msgContent'],
        initialValues: { priority: 'L', msgType: 'ALL', msgContent: '' },
        wide: ['titile', 'userIds', 'msgContent'],
        inputs: {
          msgContent: <RichTextEditor />,
          startTime: <OptionalDateTimeInput />,
          endTime: <OptionalDateTimeInput />,
          userIds: <UserIdsSelect />,
          openType: <Select allowClear options={announcementOpenTypes.map((type) => ({ value: type, label: t(`openType.${type}`) }))} />,
        },
      }}
    />
  );
}
