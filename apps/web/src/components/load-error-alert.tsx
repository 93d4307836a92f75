import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/notify';

interface LoadErrorAlertProps {
  error: unknown;
  onRetry: () => void;
  style?: CSSProperties;
}

/** Why data could not be loaded (the server's translated code), with a button to try again. */
export function LoadErrorAlert({ error, onRetry, style }: LoadErrorAlertProps) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="warning"
      showIcon
      title={errorMessage(error)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
      style={style}
    />
  );
}
