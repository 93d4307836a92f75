import { dataSourceResource, dataSourceTypes } from '@cellsight/contract';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { PasswordWithTest } from '../components/password-with-test';

/**
 * System → Data sources (spec section 2): further PostgreSQL databases online reports may read.
 * The password is write-only (stored encrypted, never shown); "Test connection" tries the form's values.
 */
export default function DataSourceListPage() {
  const { t } = useTranslation('data-sources');
  const typeOptions = dataSourceTypes.map((type) => ({ value: type, label: t(`dbType.${type}`) }));
  return (
    <>
      <Typography.Paragraph type="secondary">{t('readOnlyHint')}</Typography.Paragraph>
      <ResourcePage
        resource={dataSourceResource}
        columns={['code', 'name', { field: 'dbType', render: (source) => t(`dbType.${source.dbType}`) }, 'dbUrl', 'dbUsername', 'createTime']}
        search={[{ field: 'code', rule: 'like' }, { field: 'name', rule: 'like' }]}
        form={{
          fields: ['code', 'name', 'dbType', 'dbUrl', 'dbUsername', 'dbPassword', 'remark'],
          wide: ['dbUrl', 'remark'],
          initialValues: { dbType: 'postgresql' },
          // The masked value never goes back: an empty field keeps the stored password.
          load: async () => ({ dbPassword: '' }),
          inputs: (record) => ({
            dbType: <Select options={typeOptions} />,
            dbPassword: <PasswordWithTest record={record} />,
          }),
        }}
      />
    </>
  );
}
