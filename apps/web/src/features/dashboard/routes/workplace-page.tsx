import { type DashboardCommand, type DashboardOpenEvent, type Language, eventNameOf } from '@cellsight/contract';
import { Card, Col, Empty, Flex, Progress, Row, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useDashboardLiveRefresh, useDashboardWorkplace } from '../api/dashboard-queries';
import { DashboardState } from '../components/dashboard-state';
import { StationLink } from '../components/station-link';
import { eventTypeTagColors } from '../lib/dashboard-status';

/** Where a command's device is acted on: the battery's detail page (restart, settings, upgrade), else the loggers screen. */
const devicePath = (command: Pick<DashboardCommand, 'batterySn'>) => (command.batterySn ? `/battery/detail?batterySn=${encodeURIComponent(command.batterySn)}` : '/collector/index');

const statusColors: Record<DashboardCommand['status'], string> = { pending: 'default', sent: 'processing', acknowledged: 'success', failed: 'error', timed_out: 'warning' };

function DeviceLink({ command }: { command: Pick<DashboardCommand, 'batterySn' | 'gsn'> }) {
  return <Link to={devicePath(command)}>{command.batterySn ?? command.gsn}</Link>;
}

function OpenFaults({ total, records }: { total: number; records: DashboardOpenEvent[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language as Language;
  return (
    <Card title={t('workplace.openFaults', { count: total })} extra={<Link to="/site/events">{t('workplace.toEvents')}</Link>}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={records}
        locale={{ emptyText: <Empty description={t('workplace.noOpenFaults')} /> }}
        columns={[
          { key: 'type', title: t('columns.type'), render: (_, row) => <Tag color={eventTypeTagColors[row.type]}>{t(`eventType.${row.type}`)}</Tag> },
          { key: 'code', title: t('columns.event'), render: (_, row) => eventNameOf(row.code, language) },
          { key: 'station', title: t('columns.station'), render: (_, row) => <StationLink id={row.stationId} name={row.stationName} /> },
          { key: 'device', title: t('columns.device'), render: (_, row) => (row.batterySn ? <DeviceLink command={{ batterySn: row.batterySn, gsn: row.loggerGsn }} /> : row.loggerGsn) },
          { key: 'begin', title: t('columns.since'), render: (_, row) => formatDateTime(row.beginTime) },
          { key: 'ack', title: t('columns.acknowledged'), render: (_, row) => (row.acknowledged ? t('workplace.yes') : t('workplace.no')) },
        ]}
      />
    </Card>
  );
}

function Commands({ title, records, empty, progress }: { title: string; records: DashboardCommand[]; empty: string; progress?: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={title}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={records}
        locale={{ emptyText: <Empty description={empty} /> }}
        columns={[
          { key: 'op', title: t('columns.operation'), render: (_, row) => t(`op.${row.op}`) },
          { key: 'device', title: t('columns.device'), render: (_, row) => <DeviceLink command={row} /> },
          { key: 'station', title: t('columns.station'), render: (_, row) => <StationLink id={row.stationId} name={row.stationName} /> },
          progress
            ? { key: 'progress', title: t('columns.progress'), render: (_, row) => <Progress percent={Math.round(row.progress ?? 0)} size="small" /> }
            : {
                key: 'status',
                title: t('columns.result'),
                render: (_, row) => (
                  <Flex vertical gap={0}>
                    <Tag color={statusColors[row.status]}>{t(`commandStatus.${row.status}`)}</Tag>
                    {row.message && row.status !== 'acknowledged' && <Typography.Text type="secondary">{row.message}</Typography.Text>}
                  </Flex>
                ),
              },
          { key: 'time', title: t('columns.sentAt'), render: (_, row) => formatDateTime(row.createTime) },
        ]}
      />
    </Card>
  );
}

/** /dashboard/workplace: what needs the caller's attention, each row linking where it is acted on. */
export default function WorkplacePage() {
  const { t } = useTranslation('dashboard');
  const query = useDashboardWorkplace();
  useDashboardLiveRefresh();
  return (
    <DashboardState query={query}>
      {(data) =>
        !data.openFaults && !data.recentCommands && !data.upgrades ? (
          <Card>
            <Empty description={t('workplace.nothingGranted')} />
          </Card>
        ) : (
          <Row gutter={[16, 16]}>
            {data.openFaults && (
              <Col xs={24}>
                <OpenFaults total={data.openFaults.total} records={data.openFaults.records} />
              </Col>
            )}
            {data.upgrades && (
              <Col xs={24} xl={12}>
                <Commands title={t('workplace.upgrades', { count: data.upgrades.total })} records={data.upgrades.records} empty={t('workplace.noUpgrades')} progress />
              </Col>
            )}
            {data.recentCommands && (
              <Col xs={24} xl={12}>
                <Commands title={t('workplace.recentCommands')} records={data.recentCommands} empty={t('workplace.noCommands')} />
              </Col>
            )}
          </Row>
        )
      }
    </DashboardState>
  );
}
