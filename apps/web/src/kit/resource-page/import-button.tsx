import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '@/lib/on-demand';

// antd's Upload loads only on screens that offer an import, after the button is drawn.
const upload = onDemand(() => import('./import-upload'));

/** The toolbar's Import button: chooses a spreadsheet and hands it to `onFile`. */
export function ImportButton({ loading, onFile }: { loading: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const button = (
    <Button icon={<UploadOutlined />} loading={loading}>
      {t('resource.import')}
    </Button>
  );
  return (
    <Suspense fallback={button}>
      <upload.Component onFile={onFile}>{button}</upload.Component>
    </Suspense>
  );
}
