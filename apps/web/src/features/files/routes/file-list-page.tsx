import type { StoredFileRecord } from '@cellsight/contract';
import { fileStorages, storedFileResource } from '@cellsight/contract';
import { Button, Select, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { formatFileSize } from '@/lib/format';
import { FilePreviewDialog } from '../components/file-preview-dialog';

/** The kinds `/sys/common/upload` stores files as. */
const uploadKinds = ['avatar', 'station', 'ticket', 'temp'] as const;

/** System → Files (administrators): every upload, who stored it and where it is used; preview, and delete only unused files. */
export default function FileListPage() {
  const { t } = useTranslation('files');
  const [previewing, setPreviewing] = useState<{ file: StoredFileRecord; open: boolean } | null>(null);
  return (
    <>
      <ResourcePage
        resource={storedFileResource}
        columns={[
          { field: 'name', render: (file) => file.name ?? <Tooltip title={file.path}>{t('unnamed')}</Tooltip> },
          { field: 'biz', render: (file) => t(`kinds.${file.biz}`, { defaultValue: file.biz }) },
          'mime',
          { field: 'size', render: (file) => formatFileSize(file.size) },
          { field: 'storage', render: (file) => t(`storage.${file.storage}`) },
          { field: 'uploader', render: (file) => file.uploader ?? file.userId },
          {
            field: 'usedIn',
            render: (file) =>
              file.usedIn.length === 0 ? (
                <Tag>{t('usage.none')}</Tag>
              ) : (
                file.usedIn.map((usage) => (
                  <Tag key={usage} color="blue">
                    {t(`usage.${usage}`)}
                  </Tag>
                ))
              ),
          },
          'createTime',
        ]}
        search={[{ field: 'name', rule: 'like' }, { field: 'biz' }, { field: 'storage' }, { field: 'createTime' }]}
        searchInputs={{
          biz: <Select allowClear style={{ minWidth: 160 }} options={uploadKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))} />,
          storage: <Select allowClear style={{ minWidth: 140 }} options={fileStorages.map((storage) => ({ value: storage, label: t(`storage.${storage}`) }))} />,
        }}
        canDelete={(file) => file.usedIn.length === 0}
        rowActions={(file) => (
          <Button type="link" size="small" onClick={() => setPreviewing({ file, open: true })}>
            {t('actions.preview')}
          </Button>
        )}
      />
      <FilePreviewDialog
        file={previewing?.file ?? null}
        open={previewing?.open ?? false}
        onClose={() => setPreviewing((current) => current && { ...current, open: false })}
        afterClose={() => setPreviewing(null)}
      />
    </>
  );
}
