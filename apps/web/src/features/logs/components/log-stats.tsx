import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useLogInfo } from '../api/get-log-info';

/** The sign-in counters above the logs: in total, today and today's distinct addresses. */
export function LogStats() {
  const { t } = useTranslation('logs');
  const info = useLogInfo();
  if (info.isError) return <LoadErrorAlert error={info.error} onRetry={() => void info.refetch()} />;
  const cards = [
    { key: 'total', value: info.data?.totalVisitCount },
    { key: 'today', value: info.data?.todayVisitCount },
    { key: 'todayIp', value: info.data?.todayIp },
  ] as const;
  return (
    <Row gutter={[16, 16]} role="group" aria-label={t('stats.label')}>
      {cards.map(({ key, value }) => (
        <Col key={key} xs={24} sm={8}>
          <Card size="small">
            <Statistic title={t(`stats.${key}`)} value={value ?? 0} loading={info.isPending} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
