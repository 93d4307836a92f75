import { PlusOutlined } from '@ant-design/icons';
import { type LoggerRecord, Permission, loggerResource } from '@cellsight/contract';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/components/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { BatteryTable } from '../components/battery-table';
import { LoggerRefusalsButton } from '../components/logger-refusals-drawer';
import { OnlineTag } from '../components/online-tag';
import { RegisterLoggersModal } from '../components/register-loggers-modal';
import { RotateKeyAction } from '../components/rotate-key-dialog';
import { formatNumber } from '../lib/battery-format';

const location = ({ lat, lon }: LoggerRecord): string => (lat === null || lon === null ? '' : `${lat.toFixed(5)}, ${lon.toFixed(5)}`);

/**
 * The Loggers screen (spec route collector-index), on the screen kit: every logger of the user's
 * tenants with its online state, which live events keep current; a row opens to its batteries'
 * latest readings. Registering loggers is the screen's own dialog.
 */
export default function LoggerListPage() {
  const { t } = useTranslation('loggers');
  // Display only: the server refuses registration without the permission and for demo accounts.
  const mayRegister = useHasPermission(Permission.LoggerRegister);
  const mayRotateKey = useHasPermission(Permission.LoggerRotateKey);
  const demo = useUserInfo()?.demo ?? false;
  const [registering, setRegistering] = useState(false);

  return (
    <>
      <ResourcePage
        resource={loggerResource}
        rowKey={(logger) => logger.gsn}
        columns={[
          'gsn',
          'alias',
          { field: 'online', render: (logger) => <OnlineTag online={logger.online} since={logger.onlineChangedAt} /> },
          'batteryCount',
          { field: 'signal', render: ({ signal }) => formatNumber(signal, 0, signal !== null && signal < 0 ? ' dBm' : ' %') },
          'firmware',
          'deviceType',
          'brand',
          'lastIp',
          { field: 'location', title: t('fields.location'), render: location },
          'timezone',
          'lastSeen',
          'createTime',
        ]}
        search={[{ field: 'gsn', rule: 'like' }, { field: 'online' }]}
        searchInputs={{
          online: (
            <Select
              allowClear
              style={{ minWidth: 120 }}
              options={[
                { value: 'true', label: t('state.online') },
                { value: 'false', label: t('state.offline') },
              ]}
            />
          ),
        }}
        expandable={{ expandedRowRender: (logger) => <BatteryTable gsn={logger.gsn} />, rowExpandable: (logger) => logger.batteryCount > 0 }}
        rowActions={(logger) => (
          <>
            <LoggerRefusalsButton gsn={logger.gsn} />
            {mayRotateKey && !demo && <RotateKeyAction gsn={logger.gsn} />}
          </>
        )}
        toolbar={
          mayRegister && !demo && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)}>
              {t('register.button')}
            </Button>
          )
        }
      />
      <RegisterLoggersModal open={registering} onClose={() => setRegistering(false)} />
    </>
  );
}
