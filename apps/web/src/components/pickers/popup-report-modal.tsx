import { limits } from '@cellsight/contract';
import { App, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useReportColumns } from './popup-report-api';
import { PopupReportTable, type ReportRow } from './popup-report-table';

interface PopupReportModalProps {
  open: boolean;
  /** The report's code (`getRpColumns/{code}`). */
  code: string;
  multi?: boolean;
  /** Values of the report's `${param}` placeholders. */
  params?: Record<string, string>;
  onCancel: () => void;
  /** The chosen rows: one, or with `multi` one or more. */
  onOk: (rows: ReportRow[]) => void;
}

/**
 * The popup report picker's dialog (spec sections 2, 3, 4 and 5): the report `code` as a table,
 * 1200 wide, 5 rows a page (5, 10, 20, 30). OK with no row, or with several where one is asked
 * for, says 'Please select one record' and stays open; Cancel forgets the choice.
 */
export function PopupReportModal({ open, code, multi = false, params, onCancel, onOk }: PopupReportModalProps) {
  const { t } = useTranslation('popup-report');
  const { t: common } = useTranslation();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<ReportRow[]>([]);
  const report = useReportColumns(open ? code : undefined);

  const confirm = () => {
    if (selected.length === 0 || (!multi && selected.length > 1)) {
      void message.warning(t('selectOne'));
      return;
    }
    onOk(selected);
  };

  return (
    <Modal
      open={open}
      title={report.data?.cgRpConfigName ?? t('title')}
      width={limits.modalWidths.popup}
      okText={common('ok')}
      cancelText={common('cancel')}
      onOk={confirm}
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        if (!visible) setSelected([]);
      }}
      destroyOnHidden
    >
      {report.isError ? (
        <LoadErrorAlert error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data ? (
        <PopupReportTable report={report.data} selected={selected} onSelect={setSelected} multi={multi} params={params} />
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
      {selected.length > 0 && <span aria-live="polite">{t('selected', { count: selected.length })}</span>}
    </Modal>
  );
}
