import { type EventRecord, type Language, type ServerEventMap, eventNameOf } from '@cellsight/contract';
import { Card, Col, Empty, Flex, List, Row, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type MapSpot, StationMap } from '@/components/location-map';
import { formatDateTime } from '@/lib/format';
import { onLiveEvent } from '@/lib/live-events';
import { eventStreamLength, useDashboardLiveRefresh, useDashboardMonitor, useRecentEvents } from '../api/dashboard-queries';
import { DashboardState } from '../components/dashboard-state';
import { StationLink } from '../components/station-link';
import { eventTypeTagColors, stationStatusColors, stationStatusKey, stationStatusKeys } from '../lib/dashboard-status';
import { stationDetailPath } from '@/lib/console-paths';

type LiveDeviceEvent = ServerEventMap['device.event'] & { receivedAt: number };
type EventType = keyof typeof eventTypeTagColors;
const typeColor = (type: string) => eventTypeTagColors[type as EventType] ?? 'default';

function StationsOnMap() {
  const { t } = useTranslation('dashboard');
  const { t: ts } = useTranslation('stations');
  const navigate = useNavigate();
  const query = useDashboardMonitor();
  const spots = useMemo<MapSpot[]>(
    () =>
      (query.data?.stations ?? []).map((station) => {
        const key = stationStatusKey(station.status);
        return { id: station.id, lat: station.lat, lon: station.lon, color: stationStatusColors[key], label: `${station.name} · ${ts(`status.${key}`)}` };
      }),
    [query.data, ts],
  );
  return (
    <DashboardState query={query}>
      {(data) => {
        const counts = Object.fromEntries(stationStatusKeys.map((key) => [key, data.stations.filter((s) => stationStatusKey(s.status) === key).length]));
        return (
          <Card title={t('monitor.map')}>
            {data.stations.length === 0 ? (
              <Empty description={t('monitor.noLocatedStations')} />
            ) : (
              <StationMap spots={spots} label={t('monitor.map')} onOpen={(id) => void navigate(stationDetailPath(id))} />
            )}
            <Flex wrap gap={8} style={{ marginTop: 12 }} aria-label={t('monitor.legend')}>
              {stationStatusKeys.map((key) => (
                <Tag key={key} color={stationStatusColors[key]}>
                  {ts(`status.${key}`)}: {counts[key]}
                </Tag>
              ))}
            </Flex>
            {data.located > data.stations.length && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('monitor.cut', { shown: data.stations.length, total: data.located })}
              </Typography.Paragraph>
            )}
            {data.unlocated > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('monitor.unlocated', { count: data.unlocated })}
              </Typography.Paragraph>
            )}
          </Card>
        );
      }}
    </DashboardState>
  );
}

function EventStream() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language as Language;
  const query = useRecentEvents();
  const [live, setLive] = useState<LiveDeviceEvent[]>([]);
  useEffect(
    () =>
      onLiveEvent((message) => {
        if (message.event !== 'device.event') return;
        const item: LiveDeviceEvent = { ...(message.data as ServerEventMap['device.event']), receivedAt: Date.now() };
        setLive((items) => [item, ...items].slice(0, eventStreamLength));
      }),
    [],
  );
  // What arrived since the list was last read is shown on top until the list reads it too.
  const fresh = live.filter((item) => item.receivedAt > query.dataUpdatedAt);
  return (
    <Card title={t('monitor.stream')} extra={<Link to="/site/events">{t('monitor.allEvents')}</Link>}>
      <DashboardState query={query}>
        {(records: EventRecord[]) =>
          records.length === 0 && fresh.length === 0 ? (
            <Empty description={t('monitor.noEvents')} />
          ) : (
            <List aria-label={t('monitor.stream')} size="small">
              {fresh.map((item) => (
                <List.Item key={`live-${item.receivedAt}-${item.gsn}-${item.code}`}>
                  <Flex vertical gap={2}>
                    <Flex gap={8} align="center" wrap>
                      <Tag color={typeColor(item.type)}>{t(`eventType.${item.type}`, { defaultValue: item.type })}</Tag>
                      <Typography.Text strong>{eventNameOf(item.code, language)}</Typography.Text>
                      <Tag>{t(item.state === 'open' ? 'monitor.opened' : 'monitor.ended')}</Tag>
                    </Flex>
                    <Typography.Text type="secondary">
                      {item.batterySn ?? item.gsn} · {formatDateTime(new Date(item.receivedAt).toISOString())}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              ))}
              {records.slice(0, eventStreamLength - fresh.length).map((event) => (
                <List.Item key={event.id}>
                  <Flex vertical gap={2}>
                    <Flex gap={8} align="center" wrap>
                      <Tag color={typeColor(event.type)}>{t(`eventType.${event.type}`)}</Tag>
                      <Typography.Text strong>{eventNameOf(event.code, language)}</Typography.Text>
                      {event.open && <Tag>{t('monitor.open')}</Tag>}
                    </Flex>
                    <Typography.Text type="secondary">
                      <StationLink id={event.stationId} name={event.stationName} /> · {event.batterySn ?? event.loggerGsn} · {formatDateTime(event.beginTime)}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              ))}
            </List>
          )
        }
      </DashboardState>
    </Card>
  );
}

/** /dashboard/monitor: the caller's stations on a map by status, and events as they come. */
export default function MonitorPage() {
  useDashboardLiveRefresh();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <StationsOnMap />
      </Col>
      <Col xs={24} xl={8}>
        <EventStream />
      </Col>
    </Row>
  );
}
