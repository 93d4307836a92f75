import { DownloadOutlined } from '@ant-design/icons';
import { type ReportRecord, limits } from '@cellsight/contract';
import { Button, Card, Col, Form, Input, Modal, Row, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PopupReportInput, PopupReportTable, type ReportRow, type ReportSearch, useReportColumns } from '@/components/pickers/popup-report';
import { useServerFeedback } from '@/lib/server-feedback';
import { useReportExport } from '../api/report-api';

interface ReportPreviewDialogProps {
  report: ReportRecord | null;
  onClose: () => void;
}

const listPageSizes = { initial: limits.pageSizeDefault, options: limits.pageSizeOptions };

/**
 * Runs a report as its users see it: the table with its search items (getRpColumns, getQueryInfo,
 * getData), its export, and the report as a popup picker filling a form, as a form using it would.
 */
export function ReportPreviewDialog({ report, onClose }: ReportPreviewDialogProps) {
  const { t } = useTranslation('reports');
  const { t: common } = useTranslation();
  const feedback = useServerFeedback();
  const columns = useReportColumns(report?.code);
  const exporting = useReportExport();
  const [selected, setSelected] = useState<ReportRow[]>([]);
  // The export holds what the table shows: its search and sort, every page.
  const [shown, setShown] = useState<ReportSearch>({});
  const [form] = Form.useForm<Record<string, string>>();
  // The picker example takes the first two shown columns into fields of the same names.
  const picked = (columns.data?.columns ?? []).slice(0, 2).map((column) => column.dataIndex);
  const fields = picked.join(',');

  return (
    <Modal open={report !== null} title={t('preview.title', { name: report?.name ?? '' })} width={limits.modalWidths.popup} onCancel={onClose} footer={<Button onClick={onClose}>{common('close')}</Button>} destroyOnHidden>
      {columns.isError ? (
        <LoadErrorAlert error={columns.error} onRetry={() => void columns.refetch()} />
      ) : !columns.data ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate({ configId: columns.data.cgRpConfigId, name: columns.data.cgRpConfigName, query: shown }, { onError: (error) => feedback.error(error) })}
            >
              {t('preview.export')}
            </Button>
            {selected.length > 0 && <Typography.Text type="secondary">{t('preview.selected', { count: selected.length })}</Typography.Text>}
          </Space>
          <PopupReportTable report={columns.data} selected={selected} onSelect={setSelected} multi pageSizes={listPageSizes} ellipsis={false} onQueryChange={setShown} />
          {picked.length > 0 && report && (
            <Card size="small" title={t('preview.pickerTitle')}>
              <Typography.Paragraph type="secondary">{t('preview.pickerHint', { code: report.code, fields })}</Typography.Paragraph>
              <Form form={form} layout="vertical" name="report-popup-example">
                <Row gutter={16}>
                  {picked.map((field, index) => (
                    <Col key={field} xs={24} md={12}>
                      <Form.Item name={field} label={columns.data.columns.find((column) => column.dataIndex === field)?.title ?? field}>
                        {index === 0 ? <PopupReportInput code={report.code} orgFields={fields} destFields={fields} /> : <Input readOnly />}
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Form>
            </Card>
          )}
        </Space>
      )}
    </Modal>
  );
}
