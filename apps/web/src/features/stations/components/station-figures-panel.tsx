import type { StationRecord } from '@cellsight/contract';
import { Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFigure, loggersOnlineText } from '../lib/station-figures';

/** A station's latest figures; today's energies count from midnight in the station's own time zone. */
export function StationFiguresPanel({ station }: { station: StationRecord }) {
  const { t } = useTranslation('stations');
  const none = '–';
  const figures = [
    { key: 'power', title: t('detail.power'), value: formatFigure(station, 'power'), suffix: 'kW' },
    { key: 'socAvg', title: t('detail.socAvg'), value: formatFigure(station, 'socAvg'), suffix: '%' },
    { key: 'chargeToday', title: t('detail.chargeToday'), value: formatFigure(station, 'chargeToday'), suffix: 'kWh' },
    { key: 'dischargeToday', title: t('detail.dischargeToday'), value: formatFigure(station, 'dischargeToday'), suffix: 'kWh' },
    { key: 'loggers', title: t('detail.loggersOnline'), value: loggersOnlineText(station) },
    { key: 'batteries', title: t('detail.batteries'), value: String(station.batteryCount) },
  ];
  return (
    <section aria-label={t('detail.figures')}>
      <Row gutter={[16, 16]}>
        {figures.map(({ key, title, value, suffix }) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Statistic title={title} value={value === '' ? none : value} suffix={value === '' ? undefined : suffix} />
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('detail.today', { zone: station.zone })}
      </Typography.Paragraph>
    </section>
  );
}
