import { PlusOutlined } from '@ant-design/icons';
import { Permission, firmwareDeviceTypes, firmwareResource } from '@cellsight/contract';
import { Button, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { formatFileSize } from '@/lib/format';
import { useHasPermission } from '@/lib/permissions';
import { UploadFirmwareDialog } from '../components/upload-firmware-dialog';

/**
 * System → Firmware: the files loggers install in a remote upgrade (administrators). An upgrade
 * from a battery's page or a logger names one of them; the platform hands the logger a signed
 * address to download it from.
 */
export default function FirmwareListPage() {
  const { t } = useTranslation('firmware');
  const mayUpload = useHasPermission(Permission.FirmwareAdd);
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <ResourcePage
        resource={firmwareResource}
        columns={[
          'version',
          { field: 'deviceType', render: (row) => <Tag color={row.deviceType === 'logger' ? 'geekblue' : 'green'}>{t(`deviceType.${row.deviceType}`)}</Tag> },
          'fileName',
          { field: 'size', render: (row) => formatFileSize(row.size) },
          { field: 'sha256', render: (row) => <Typography.Text code copyable={{ text: row.sha256 }}>{`${row.sha256.slice(0, 12)}…`}</Typography.Text> },
          'remark',
          'createTime',
        ]}
        search={[{ field: 'version', rule: 'like' }, { field: 'deviceType' }]}
        searchInputs={{ deviceType: <Select allowClear style={{ minWidth: 160 }} options={firmwareDeviceTypes.map((type) => ({ value: type, label: t(`deviceType.${type}`) }))} /> }}
        toolbar={
          mayUpload && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)}>
              {t('upload.open')}
            </Button>
          )
        }
      />
      <UploadFirmwareDialog open={uploading} onClose={() => setUploading(false)} />
    </>
  );
}
