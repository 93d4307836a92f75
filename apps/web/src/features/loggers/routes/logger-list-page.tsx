import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '@cellsight/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { useLoggerList } from '../api/get-logger-list';
import { LoggerSearchBar } from '../components/logger-search-bar';
import { LoggerTable } from '../components/logger-table';
import { RegisterLoggersModal } from '../components/register-loggers-modal';
import { loggerListConfig, toLoggerListQuery } from '../lib/logger-list-query';
import { useListState } from '@/lib/list-state';

/**
 * The Loggers screen (spec route collector-index): every logger of the user's tenants with its
 * online state, which live events keep current, and its batteries' latest readings.
 */
export default function LoggerListPage() {
  const { t } = useTranslation('loggers');
  const { state, setPage, setSort, search, reset } = useListState(loggerListConfig);
  const list = useLoggerList(toLoggerListQuery(state));
  // Display only: the server refuses registration without the permission and for demo accounts.
  const mayRegister = useHasPermission(Permission.LoggerRegister);
  const demo = useUserInfo()?.demo ?? false;
  const canRegister = mayRegister && !demo;
  const [registering, setRegistering] = useState(false);


  return (
    <Card
      title={t('page.title')}
      extra={
        canRegister && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)}>
            {t('register.button')}
          </Button>
        )
      }
    >
      <div style={{ marginBottom: 16 }}>
        <LoggerSearchBar filters={state.filters} onSearch={search} onReset={reset} />
      </div>
      {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} style={{ marginBottom: 16 }} />}
      <LoggerTable
        page={list.data}
        loading={list.isPending || list.isPlaceholderData}
        state={state}
        onPageChange={setPage}
        onSortChange={setSort}
      />
      <RegisterLoggersModal open={registering} onClose={() => setRegistering(false)} />
    </Card>
  );
}
