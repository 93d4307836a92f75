import type { GatewayRouteRecord } from '@cellsight/contract';
import { Alert, Button, Descriptions, Modal, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useTestGatewayRoute } from '../api/test-gateway-route';

interface GatewayRouteTestDialogProps {
  route: GatewayRouteRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** Calls the route once when opened and shows the status, duration and the start of the body (or why nothing came). */
export function GatewayRouteTestDialog({ route, open, onClose, afterClose }: GatewayRouteTestDialogProps) {
  const { t } = useTranslation('gateway-routes');
  const test = useTestGatewayRoute();
  const { mutate, reset } = test;
  useEffect(() => {
    if (open && route) mutate(route.id);
  }, [open, route, mutate]);
  const result = test.data;
  const statusColor = (status: number) => (status < 300 ? 'success' : status < 400 ? 'warning' : 'error');
  return (
    <Modal
      title={t('test.title', { name: route?.name ?? '' })}
      open={open}
      onCancel={onClose}
      afterClose={() => {
        reset();
        afterClose();
      }}
      width={720}
      footer={[
        <Button key="again" onClick={() => route && mutate(route.id)} loading={test.isPending}>
          {t('test.again')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('test.close')}
        </Button>,
      ]}
    >
      {test.isPending && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {test.error && <LoadErrorAlert error={test.error} onRetry={() => route && mutate(route.id)} />}
      {result && !test.isPending && (
        <>
          {result.timedOut && <Alert type="warning" showIcon title={t('test.timedOut', { ms: route?.timeoutMs ?? 0 })} style={{ marginBottom: 12 }} />}
          {!result.timedOut && result.error && <Alert type="error" showIcon title={t('test.failed')} description={result.error} style={{ marginBottom: 12 }} />}
          {result.redirectTo && <Alert type="info" showIcon title={t('test.redirect', { target: result.redirectTo })} style={{ marginBottom: 12 }} />}
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('test.url')}>
              <Typography.Text code>{result.url}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('test.status')}>
              {result.status === null ? t('test.noAnswer') : <Tag color={statusColor(result.status)}>{`${result.status}${result.statusText ? ` ${result.statusText}` : ''}`}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('test.duration')}>{t('test.durationValue', { ms: result.durationMs })}</Descriptions.Item>
            {result.contentType && <Descriptions.Item label={t('test.contentType')}>{result.contentType}</Descriptions.Item>}
            {result.status !== null && (
              <Descriptions.Item label={result.bodyEncoding === 'hex' ? t('test.bodyHex') : t('test.body')}>
                {result.bodyStart === '' ? (
                  <Typography.Text type="secondary">{t('test.emptyBody')}</Typography.Text>
                ) : (
                  <pre style={{ margin: 0, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {result.bodyStart}
                    {result.bodyTruncated ? '…' : ''}
                  </pre>
                )}
              </Descriptions.Item>
            )}
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
