import { Card, Empty, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ExportButtons } from './export-buttons';

interface HistoryScreenProps<P> {
  /** The subject's picker and the range control. */
  toolbar: ReactNode;
  exportPath: string;
  exportParams: Record<string, string>;
  /** Why nothing is asked for yet (no subject, an unfinished custom range); null once it is. */
  hint: string | null;
  result: { isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The charts of the answer shown, once there is one. */
  charts: ReactNode;
  points: readonly P[] | undefined;
  columns: ColumnsType<P>;
}

/** A history screen: picker, range and export on top, then the charts and a table of the same points. */
export function HistoryScreen<P extends { bucketStart: string }>({ toolbar, exportPath, exportParams, hint, result, charts, points, columns }: HistoryScreenProps<P>) {
  const { t } = useTranslation('history');
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex wrap gap={12} justify="space-between">
          <Flex wrap gap={12}>
            {toolbar}
          </Flex>
          <ExportButtons path={exportPath} params={exportParams} disabled={hint !== null || points === undefined} />
        </Flex>
      </Card>
      {hint !== null ? (
        <Empty description={hint} />
      ) : result.isError ? (
        <LoadErrorAlert error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <>
          {charts}
          <Card title={t('table.title')}>
            <Table<P>
              aria-label={t('table.title')}
              rowKey="bucketStart"
              size="small"
              loading={result.isFetching}
              dataSource={points ? [...points] : []}
              columns={columns}
              scroll={{ x: 'max-content' }}
              pagination={{ defaultPageSize: 10, pageSizeOptions: [10, 20, 30], showSizeChanger: true, showQuickJumper: true }}
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
