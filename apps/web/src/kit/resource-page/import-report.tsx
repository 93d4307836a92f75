import type { ImportError } from '@cellsight/contract';
import { Alert, Modal, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { serverFieldText } from '@/lib/contract-rules';

/** A refused cell's message in the console's language where the import wrote a known one; else the server's own. */
const cellText = (message: string, t: TFunction): string => {
  if (message === 'is required') return t('validation:required');
  const repeats = /^repeats row (\d+)$/.exec(message);
  if (repeats) return t('validation:repeatsRow', { row: Number(repeats[1]) });
  const missing = /^column "(.+)" is missing$/.exec(message);
  if (missing) return t('validation:columnMissing', { column: missing[1] });
  return serverFieldText(message, t);
};

export interface ImportReportProps {
  errors: ImportError[] | null;
  label: (field: string) => string;
  onClose: () => void;
}

/** Why an import stored nothing: each refused cell with its spreadsheet row and field. */
export function ImportReport({ errors, label, onClose }: ImportReportProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('resource.import')} open={errors !== null} onCancel={onClose} onOk={onClose} okText={t('close')} cancelButtonProps={{ style: { display: 'none' } }} width={720}>
      <Alert type="error" showIcon title={t('resource.importRefused', { count: errors?.length ?? 0 })} style={{ marginBottom: 16 }} />
      <Table<ImportError & { key: number }>
        size="small"
        pagination={false}
        scroll={{ y: 400 }}
        dataSource={(errors ?? []).map((error, key) => ({ ...error, key }))}
        columns={[
          { title: t('resource.importRow'), dataIndex: 'row', width: 80 },
          { title: t('resource.importField'), dataIndex: 'field', width: 160, render: (field: string) => label(field) },
          { title: t('resource.importMessage'), dataIndex: 'message', render: (message: string) => cellText(message, t) },
        ]}
      />
    </Modal>
  );
}
