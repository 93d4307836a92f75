import { type LoggerRefusal } from '@cellsight/contract';
import { WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Table, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useServerFeedback } from '@/lib/server-feedback';
import { useLoggerRefusals } from '../api/get-logger-refusals';

/** Opens a logger's diagnostics: a row action of the Loggers screen. */
export function LoggerRefusalsButton({ gsn }: { gsn: string }) {
  const { t } = useTranslation('loggers');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<WarningOutlined />} onClick={() => setOpen(true)} aria-label={t('refusals.open', { gsn })}>
        {t('refusals.button')}
      </Button>
      <LoggerRefusalsDrawer gsn={open ? gsn : null} onClose={() => setOpen(false)} />
    </>
  );
}

interface LoggerRefusalsDrawerProps {
  gsn: string | null;
  onClose: () => void;
}

/**
 * The messages the platform refused from one logger, per reason. A logger is not told of a refusal
 * (its messages are acknowledged all the same), so this is where an installer sees what it sends
 * wrong: how often, since when, why, and the start of the latest such message.
 */
export function LoggerRefusalsDrawer({ gsn, onClose }: LoggerRefusalsDrawerProps) {
  const { t } = useTranslation('loggers');
  return (
    <Drawer open={gsn !== null} onClose={onClose} size="large" title={gsn ? t('refusals.title', { gsn }) : ''} destroyOnHidden>
      {gsn && <RefusalTable gsn={gsn} />}
    </Drawer>
  );
}

function RefusalTable({ gsn }: { gsn: string }) {
  const { t } = useTranslation('loggers');
  const { token } = theme.useToken();
  const feedback = useServerFeedback();
  const refusals = useLoggerRefusals(gsn);

  const columns: TableColumnsType<LoggerRefusal> = [
    {
      title: t('refusals.reason'),
      key: 'reason',
      width: 220,
      render: (_value, { reason }) => (
        <>
          <Tag color={reason === 'storage' ? 'orange' : 'red'}>{t(`refusals.reasons.${reason}.name`)}</Tag>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t(`refusals.reasons.${reason}.explanation`)}
          </Typography.Paragraph>
        </>
      ),
    },
    { title: t('refusals.count'), dataIndex: 'count', key: 'count', align: 'right', render: (count: number) => count.toLocaleString() },
    { title: t('refusals.firstTime'), dataIndex: 'firstTime', key: 'firstTime', render: (value: string) => formatDateTime(value), onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: t('refusals.lastTime'), dataIndex: 'lastTime', key: 'lastTime', render: (value: string) => formatDateTime(value), onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    {
      title: t('refusals.lastMessage'),
      key: 'lastMessage',
      render: (_value, refusal) => (
        <>
          {refusal.lastTopic && (
            <div>
              <Typography.Text type="secondary">{t('refusals.topic')}: </Typography.Text>
              <Typography.Text code>{refusal.lastTopic}</Typography.Text>
            </div>
          )}
          {refusal.lastDetail && (
            <div>
              <Typography.Text type="secondary">{t('refusals.cause')}: </Typography.Text>
              {refusal.lastDetail}
            </div>
          )}
          {refusal.lastExample !== null && (
            <pre
              aria-label={t('refusals.example', { reason: t(`refusals.reasons.${refusal.reason}.name`) })}
              tabIndex={0}
              style={{
                margin: '4px 0 0',
                maxHeight: 160,
                maxWidth: 360,
                overflow: 'auto',
                padding: '4px 8px',
                fontFamily: token.fontFamilyCode,
                fontSize: token.fontSizeSM,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                background: token.colorFillTertiary,
                borderRadius: token.borderRadiusSM,
              }}
            >
              {refusal.lastExample}
            </pre>
          )}
        </>
      ),
    },
  ];

  if (refusals.isError) return <Alert type="warning" showIcon title={feedback.errorText(refusals.error)} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('refusals.intro')}</Typography.Paragraph>
      <Table<LoggerRefusal>
        rowKey="reason"
        size="small"
        columns={columns}
        dataSource={refusals.data ?? []}
        loading={refusals.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label={t('refusals.tableLabel', { gsn })}
        locale={{ emptyText: t('refusals.empty') }}
      />
    </>
  );
}
