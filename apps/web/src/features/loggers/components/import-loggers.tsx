import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { type ImportError, limits } from '@cellsight/contract';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importErrorsOf } from '@/components/resource-page/resource-api';
import { ImportReport } from '@/components/resource-page/import-report';
import { ApiError } from '@/lib/api-client';
import { useServerFeedback } from '@/lib/server-feedback';
import { useDownloadImportTemplate, useImportLoggers } from '../api/import-loggers';

/** The server's words for the refusals only the logger import writes; the kit's report knows the rest. */
const registeredElsewhere = /^cannot be registered: it is registered with another key or to another account$/;
const tooManyRows = /^the file holds more than \d+ rows/;
const exampleRow = /^is the template’s example row/;

/**
 * The toolbar's import: registers the loggers of an .xls or .xlsx file (Logger SN, Registration key,
 * optional Time zone; at most 64), or stores none and lists each refused cell by row in the kit's
 * report. Beside it, the template to fill in, with headings in the console's language.
 */
export function ImportLoggers() {
  const { t } = useTranslation('loggers');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const importFile = useImportLoggers();
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
      const envelope = await importFile.mutateAsync(file);
      void message.success(t('import.done', { count: envelope.result.imported }));
    } catch (error) {
      const rows = error instanceof ApiError ? importErrorsOf(error.errors) : [];
      if (rows.length > 0) setErrors(rows.map(inConsoleLanguage));
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
        <Button icon={<UploadOutlined />} loading={importFile.isPending}>
          {t('import.button')}
        </Button>
      </Upload>
      <Button type="link" icon={<DownloadOutlined />} loading={template.isPending} onClick={() => void downloadTemplate()}>
        {t('import.template')}
      </Button>
      <ImportReport errors={errors} label={fieldLabel} onClose={() => setErrors(null)} />
    </>
  );
}
