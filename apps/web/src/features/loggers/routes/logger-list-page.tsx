import { PlusOutlined } from '@ant-design/icons';
import { type LoggerRecord, Permission, loggerResource } from '@cellsight/contract';
import { Button, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { BatteryTable } from '../components/battery-table';
import { ImportLoggers } from '../components/import-loggers';
import { LoggerAliasCell } from '../components/logger-alias-cell';
import { LoggerRefusalsButton } from '../components/logger-refusals-drawer';
import { OnlineTag } from '../components/online-tag';
import { RegisterLoggersModal } from '../components/register-loggers-modal';
import { RotateKeyAction } from '../components/rotate-key-dialog';
import { UnbindLoggerAction } from '../components/unbind-logger-action';
import { UpgradeLoggerAction } from '../components/upgrade-logger-action';
import { formatNumber } from '@/lib/format';
import { stationDetailPath } from '@/lib/console-paths';

const location = ({ lat, lon }: LoggerRecord): string => (lat === null || lon === null ? '' : `${lat.toFixed(5)}, ${lon.toFixed(5)}`);

/**
 * The Loggers screen (spec route collector-index), on the screen kit: every logger of the user's
 * tenants with its station and online state, which live events keep current; a row opens to its
 * batteries' latest readings. Registering loggers (by hand or from a spreadsheet), the alias and
 * unbinding from the station and the logger's own firmware upgrade are the screen's own.
 */
export default function LoggerListPage() {
  const { t } = useTranslation('loggers');
  // Display only: the server refuses registration without the permission and for demo accounts.
  const mayRegister = useHasPermission(Permission.LoggerRegister);
  const mayRotateKey = useHasPermission(Permission.LoggerRotateKey);
  const mayEdit = useHasPermission(Permission.LoggerEdit);
  const mayUnbind = useHasPermission(Permission.LoggerUnbind);
  const mayImport = useHasPermission(Permission.LoggerImport);
  const mayUpgrade = useHasPermission(Permission.CommandUpgrade);
  const demo = useUserInfo()?.demo ?? false;
  const [registering, setRegistering] = useState(false);

  return (
    <>
      <ResourcePage
        resource={loggerResource}
        rowKey={(logger) => logger.gsn}
        columns={[
          'gsn',
          { field: 'alias', render: (logger) => <LoggerAliasCell gsn={logger.gsn} alias={logger.alias} editable={mayEdit && !demo} /> },
          {
            field: 'stationName',
            render: ({ stationId, stationName }) =>
              stationId ? <Link to={stationDetailPath(stationId)}>{stationName ?? stationId}</Link> : <Tag>{t('station.notBound')}</Tag>,
          },
          'productCode',
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
            {mayUpgrade && !demo && <UpgradeLoggerAction logger={logger} />}
            {mayRotateKey && !demo && <RotateKeyAction gsn={logger.gsn} />}
            {mayUnbind && !demo && logger.stationId && <UnbindLoggerAction gsn={logger.gsn} stationName={logger.stationName ?? logger.stationId} />}
          </>
        )}
        toolbar={
          !demo && (
            <>
              {mayRegister && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)}>
                  {t('register.button')}
                </Button>
              )}
              {mayImport && <ImportLoggers />}
            </>
          )
        }
      />
      <RegisterLoggersModal open={registering} onClose={() => setRegistering(false)} />
    </>
  );
}
