import { type UserRecord, userResource } from '@cellsight/contract';
import { Button, Card, Col, Input, Row, Spin, Table, Tree, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useDepartIdTree } from '@/components/pickers/depart-tree-select';
import { useFieldLabel } from '@/kit/resource-page';
import { useAddressBook } from '../api/address-book';

const pageSizes = [10, 20, 30];

/**
 * System administration: the address book (spec section 2). The department tree on the left; on
 * the right the users of the chosen department and its sub-departments (everyone before a choice),
 * searchable by name, user name, phone or e-mail, paged by the server.
 */
export default function AddressBookPage() {
  const { t } = useTranslation('address-book');
  const label = useFieldLabel(userResource);
  const tree = useDepartIdTree();
  const [depId, setDepId] = useState<string | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: pageSizes[0] ?? 10 });
  const book = useAddressBook({ depId, keyword: keyword || undefined, ...page, column: 'realname', order: 'asc' });
  const choose = (next: string | undefined) => {
    setDepId(next);
    setPage((current) => ({ ...current, pageNo: 1 }));
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <Card
          size="small"
          title={t('departments')}
          extra={
            <Button type="link" size="small" disabled={depId === undefined} onClick={() => choose(undefined)}>
              {t('everyone')}
            </Button>
          }
        >
          <div role="region" aria-label={t('departments')} style={{ maxHeight: 560, overflow: 'auto' }}>
            {tree.isError ? (
              <LoadErrorAlert error={tree.error} onRetry={() => void tree.refetch()} />
            ) : tree.isPending ? (
              <Spin style={{ display: 'block', margin: '24px auto' }} />
            ) : tree.data.length === 0 ? (
              <Typography.Text type="secondary">{t('noDepartments')}</Typography.Text>
            ) : (
              <Tree blockNode defaultExpandAll treeData={tree.data} selectedKeys={depId ? [depId] : []} onSelect={(keys) => choose(keys[0] === undefined ? undefined : String(keys[0]))} />
            )}
          </div>
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Card size="small" title={t('title')}>
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage((current) => ({ ...current, pageNo: 1 }));
            }}
            style={{ marginBottom: 12, maxWidth: 360 }}
          />
          {book.isError && <LoadErrorAlert error={book.error} onRetry={() => void book.refetch()} style={{ marginBottom: 12 }} />}
          <Table<UserRecord>
            size="small"
            rowKey="id"
            loading={book.isFetching}
            dataSource={book.data?.records ?? []}
            columns={['realname', 'username', 'phone', 'email', 'orgCodeTxt'].map((field) => ({ key: field, dataIndex: field, title: label(field), ellipsis: true }))}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: book.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: pageSizes.map(String),
              showTotal: (total) => t('total', { total }),
              onChange: (pageNo, pageSize) => setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize }),
            }}
            locale={{ emptyText: t('empty') }}
          />
        </Card>
      </Col>
    </Row>
  );
}
