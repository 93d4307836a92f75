import { SendOutlined } from '@ant-design/icons';
import { Permission, outboxResource, outboxStatuses } from '@cellsight/contract';
import { Button, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { OutboxStatusTag } from '../components/outbox-status-tag';
import { TestMailDialog } from '../components/test-mail-dialog';

/**
 * System → Outbox (administrators): every message the platform sent or keeps, newest first, each
 * opening to its text. Without SMTP configured this is where the platform's mail can be read; a
 * test message checks the settings.
 */
export default function OutboxListPage() {
  const { t } = useTranslation('outbox');
  const mayTest = useHasPermission(Permission.OutboxTest);
  const [testing, setTesting] = useState(false);
  return (
    <>
      <ResourcePage
        resource={outboxResource}
        columns={[
          'recipient',
          'subject',
          { field: 'channel', render: (message) => t(`channel.${message.channel}`) },
          { field: 'status', render: (message) => <OutboxStatusTag message={message} /> },
          'createBy',
          'createTime',
          'sentTime',
        ]}
        search={[{ field: 'recipient', rule: 'like' }, { field: 'status' }]}
        searchInputs={{ status: <Select allowClear style={{ minWidth: 140 }} options={outboxStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))} /> }}
        expandable={{ expandedRowRender: (message) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{message.body}</Typography.Paragraph> }}
        toolbar={
          mayTest && (
            <Button icon={<SendOutlined />} onClick={() => setTesting(true)}>
              {t('test.open')}
            </Button>
          )
        }
      />
      <TestMailDialog open={testing} onClose={() => setTesting(false)} />
    </>
  );
}
