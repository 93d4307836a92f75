import { EyeOutlined } from '@ant-design/icons';
import { Permission, type ReportRecord, reportResource } from '@cellsight/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '@/components/code-editor/code-editor';
import { ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { loadReportDefinition } from '../api/report-api';
import { DataSourceSelect } from '../components/data-source-select';
import { ReportItemsInput } from '../components/report-items-input';
import { ReportParamsInput } from '../components/report-params-input';
import { ReportPreviewDialog } from '../components/report-preview-dialog';

/**
 * System → Online reports (spec sections 2 and 7, `/online/cgreport`): read-only SQL queries over
 * the `report` views with their columns and parameters; "Parse SQL" fills the columns, "Run"
 * shows the report as its users see it, also as a popup picker.
 */
export default function ReportListPage() {
  const { t } = useTranslation('reports');
  const mayRun = useHasPermission(Permission.ReportView);
  const [previewed, setPreviewed] = useState<ReportRecord | null>(null);
  return (
    <>
      <ResourcePage
        resource={reportResource}
        columns={['code', 'name', 'dbSource', 'createTime']}
        search={[{ field: 'code', rule: 'like' }, { field: 'name', rule: 'like' }]}
        rowActions={(report) =>
          mayRun && (
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewed(report)}>
              {t('run')}
            </Button>
          )
        }
        form={{
          fields: ['code', 'name', 'dbSource', 'remark', 'cgrSql', 'items', 'params'],
          wide: ['cgrSql', 'items', 'params'],
          initialValues: { items: [], params: [] },
          load: (report) => loadReportDefinition(report.id),
          inputs: {
            dbSource: <DataSourceSelect />,
            cgrSql: <CodeEditor language="sql" height={200} ariaLabel="SQL" />,
            items: <ReportItemsInput />,
            params: <ReportParamsInput />,
          },
        }}
      />
      <ReportPreviewDialog report={previewed} onClose={() => setPreviewed(null)} />
    </>
  );
}
