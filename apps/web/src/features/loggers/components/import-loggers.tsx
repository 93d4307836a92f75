import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { type ImportError, limits, loggerKeySchema, loggerRegistrationSchema, loggerSnSchema, text } from '@cellsight/contract';
import { Alert, App, Button, Modal, Upload } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { EditableGrid, type EditableGridHandle, type GridCellError, type GridColumn } from '@/kit/editable-grid';
import { useTranslation } from 'react-i18next';
import { importErrorsOf } from '@/kit/resource-page/resource-api';
import { ImportReport } from '@/kit/resource-page/import-report';
import { ApiError } from '@/lib/api-client';
import { useServerFeedback } from '@/lib/server-feedback';
import { useDownloadImportTemplate, useImportLoggerRows, usePreviewLoggerImport } from '../api/import-loggers';

/** The server's words for the refusals only the logger import writes; the kit's report knows the rest. */
const registeredElsewhere = /^cannot be registered: it is registered with another key or to another account$/;
const tooManyRows = /^the file holds more than \d+ rows/;
const exampleRow = /^is the template’s example row/;

/** One row of the file as the grid edits it. */
type ImportRow = { gsn: string; key: string; timezone: string; row?: number };

const timezoneSchema = loggerRegistrationSchema.shape.loggers.element.shape.timezone;
const typedKey = text().trim().pipe(loggerKeySchema);
const typedSn = text().trim().pipe(loggerSnSchema);
/** A refusal of `importRows`: the row's index and its field. */
const rowField = /^loggers\[(\d+)\]\.(gsn|key|timezone)$/;

/**
 * The toolbar's import: reads the loggers of an .xls or .xlsx file (Logger SN, Registration key,
 * optional Time zone; at most 64) into the editable grid, where the rows are corrected and checked
 * (SN and key rules, SNs unique) before they are registered, all or none. A file that cannot be read
 * lists each refused cell by row in the kit's report. Beside it, the template to fill in.
 */
export function ImportLoggers() {
  const { t } = useTranslation('loggers');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const previewFile = usePreviewLoggerImport();
  const importRows = useImportLoggerRows();
  const grid = useRef<EditableGridHandle<ImportRow>>(null);
  const [preview, setPreview] = useState<{ file: string; rows: ImportRow[] } | null>(null);
  const template = useDownloadImportTemplate();
  const [errors, setErrors] = useState<ImportError[] | null>(null);

  const fieldLabel = (field: string): string => {
    switch (field) {
      case 'gsn':
        return t('fields.gsn');
      case 'key':
        return t('register.key');
      case 'timezone':
        return t('fields.timezone');
      case 'file':
        return t('import.file');
      default:
        return field;
    }
  };
  const inConsoleLanguage = (error: ImportError): ImportError => {
    if (registeredElsewhere.test(error.message)) return { ...error, message: t('import.registeredElsewhere') };
    if (tooManyRows.test(error.message)) return { ...error, message: t('import.tooMany', { max: limits.loggerImportMax }) };
    if (exampleRow.test(error.message)) return { ...error, message: t('import.exampleRow') };
    return error;
  };

  const upload = async (file: File) => {
    try {
      const read = await previewFile.mutateAsync(file);
      setPreview({ file: file.name, rows: read.rows });
    } catch (error) {
      const rows = error instanceof ApiError ? importErrorsOf(error.errors) : [];
      if (rows.length > 0) setErrors(rows.map(inConsoleLanguage));
      else feedback.error(error);
    }
  };

  const columns = useMemo(
    (): GridColumn<ImportRow>[] => [
      {
        key: 'gsn',
        title: t('fields.gsn'),
        type: 'input',
        width: 220,
        validateRules: [
          { required: true },
          { unique: true },
          // The SN input's own rule (spec section 5), as the register dialog checks it.
          { handler: (value) => (typedSn.safeParse(value).success ? undefined : t('validation:loggerSn')) },
        ],
      },
      { key: 'key', title: t('register.key'), type: 'input', width: 240, validateRules: [{ required: true }, { handler: (value) => (typedKey.safeParse(value).success ? undefined : t('validation:loggerKey')) }] },
      { key: 'timezone', title: t('fields.timezone'), type: 'input', width: 200, validateRules: [{ handler: (value) => (timezoneSchema.safeParse(String(value).trim()).success ? undefined : t('import.timezone')) }] },
    ],
    [t],
  );

  const confirmImport = async () => {
    const handle = grid.current;
    if (!handle) return;
    const checked = await handle.validate();
    if (!checked.valid) {
      void message.error(t('grid:invalid'));
      return;
    }
    const rows = handle.getRows();
    try {
      const envelope = await importRows.mutateAsync({
        loggers: rows.map((row) => ({ gsn: row.gsn.trim(), key: row.key.trim(), ...(row.timezone?.trim() ? { timezone: row.timezone.trim() } : {}) })),
      });
      void message.success(t('import.done', { count: envelope.result.imported }));
      setPreview(null);
    } catch (error) {
      // Refusals name `loggers[i].field`: shown on that row's cell.
      const refused = error instanceof ApiError ? error.errors.flatMap((failure): GridCellError[] => {
        const match = rowField.exec(failure.field);
        const row = match ? rows[Number(match[1])] : undefined;
        const rowKey = row ? handle.rowKeyOf(row) : undefined;
        return rowKey && match?.[2] ? [{ rowKey, field: match[2], message: inConsoleLanguage({ row: 0, field: match[2], message: failure.message }).message }] : [];
      }) : [];
      if (refused.length > 0) handle.showErrors(refused);
      else feedback.error(error);
    }
  };

  const downloadTemplate = async () => {
    try {
      await template.mutateAsync();
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <>
      <Upload accept=".xls,.xlsx" showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
        <Button icon={<UploadOutlined />} loading={previewFile.isPending}>
          {t('import.button')}
        </Button>
      </Upload>
      <Button type="link" icon={<DownloadOutlined />} loading={template.isPending} onClick={() => void downloadTemplate()}>
        {t('import.template')}
      </Button>
      <ImportReport errors={errors} label={fieldLabel} onClose={() => setErrors(null)} />
      <Modal
        open={preview !== null}
        title={preview ? t('import.previewTitle', { file: preview.file }) : ''}
        width={900}
        okText={t('import.confirm')}
        confirmLoading={importRows.isPending}
        onOk={() => void confirmImport()}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        <Alert type="info" showIcon title={t('import.previewHint')} style={{ marginBottom: 12 }} />
        {preview && (
          <EditableGrid<ImportRow>
            ref={grid}
            data-testid="logger-import-grid"
            columns={columns}
            rows={preview.rows}
            rowKey="row"
            sortKey={false}
            maxRows={limits.loggerImportMax}
            maxRowsMessage={t('import.maxRows', { max: limits.loggerImportMax })}
          />
        )}
      </Modal>
    </>
  );
}
