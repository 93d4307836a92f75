import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, notice } from '@/lib/notify';
import { type ExportFormat, useHistoryExport } from '../api/history-api';

/** Export of what is shown, as CSV or XLSX, with the screen's query. */
export function ExportButtons({ path, params, disabled }: { path: string; params: Record<string, string>; disabled: boolean }) {
  const { t } = useTranslation('history');
  const exporting = useHistoryExport(path, params);
  const start = (format: ExportFormat) => exporting.mutate(format, { onError: (error) => notice('error', t('export.failed'), errorMessage(error)) });
  return (
    <Space>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button key={format} icon={<DownloadOutlined />} disabled={disabled} loading={exporting.isPending && exporting.variables === format} onClick={() => start(format)}>
          {t(`export.${format}`)}
        </Button>
      ))}
    </Space>
  );
}
