import { Button, Descriptions, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoggerRow } from '../../api/check-station-loggers';

/** What the wizard created, as it shows it on its last step. */
export interface CreatedStation {
  id: string;
  name: string;
  sub: boolean;
  ownerName: string | null;
  timeZone: string | null;
  address: string | null;
  rows: LoggerRow[];
}

/** Step 3: the created station and its loggers; Confirm ends the wizard. */
export function WizardCompletion({ station, onConfirm }: { station: CreatedStation; onConfirm: () => void }) {
  const { t } = useTranslation('stations');
  const items = [
    { key: 'name', label: t('wizard.done.name'), children: station.name },
    ...(station.ownerName ? [{ key: 'owner', label: t('wizard.done.owner'), children: station.ownerName }] : []),
    ...(station.timeZone ? [{ key: 'timezone', label: t('wizard.done.timeZone'), children: station.timeZone }] : []),
    ...(station.address ? [{ key: 'address', label: t('wizard.done.address'), children: station.address }] : []),
    {
      key: 'loggers',
      label: t('wizard.done.loggers'),
      children: (
        <Flex vertical gap={4}>
          {station.rows.map((row) => (
            <span key={row.gsn}>
              <Typography.Text code>{row.gsn}</Typography.Text> {t('wizard.done.productCode', { code: row.product_code })}
            </span>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <Result
      status="success"
      title={station.sub ? t('wizard.done.subTitle') : t('wizard.done.title')}
      subTitle={t('wizard.done.hint')}
      extra={
        <Button type="primary" onClick={onConfirm} autoFocus>
          {t('wizard.confirm')}
        </Button>
      }
    >
      <Descriptions bordered column={1} size="small" items={items} style={{ maxWidth: 720, margin: '0 auto' }} />
    </Result>
  );
}
