import { type UserRecord, departUserEndpoints, limits, userResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Empty, Input, Modal, Row, Spin, Table, Tree } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { resourceKeys, useFieldLabel } from '@/kit/resource-page';
import { api } from '@/lib/api-client';
import { pickerPageSizes } from '@/kit/list-state';
import { useDepartIdTree } from './depart-tree-select';

interface DepartUserPickerModalProps {
  open: boolean;
  /** Several users (checkboxes, the default) or one (the newest click wins). */
  multiple?: boolean;
  title?: ReactNode;
  /** The selected users; the picker then forgets them. */
  onOk: (users: UserRecord[]) => void;
  /** Closed without choosing: the selection is cleared. */
  onCancel: () => void;
  /** While the caller stores the selection. */
  confirmLoading?: boolean;
}

/**
 * Users by department (spec section 2): the department tree on the left, the users of the chosen
 * department on the right (paged, searchable by real name, ticked by checkbox or by clicking the
 * row). The selection stays while browsing other departments. OK emits it, Cancel clears it.
 */
export function DepartUserPickerModal({ open, multiple = true, title, onOk, onCancel, confirmLoading }: DepartUserPickerModalProps) {
  const { t } = useTranslation('pickers');
  const { message } = App.useApp();
  const [selected, setSelected] = useState<ReadonlyMap<string, UserRecord>>(new Map());

  const toggle = (user: UserRecord) =>
    setSelected((current) => {
      if (current.has(user.id)) {
        const next = new Map(current);
        next.delete(user.id);
        return next;
      }
      return multiple ? new Map(current).set(user.id, user) : new Map([[user.id, user]]);
    });

  const ok = () => {
    if (selected.size === 0) {
      void message.warning(t('departUser.selectOne'));
      return;
    }
    onOk([...selected.values()]);
    setSelected(new Map());
  };
  const cancel = () => {
    setSelected(new Map());
    onCancel();
  };

  return (
    <Modal
      title={title ?? t('departUser.title')}
      open={open}
      width={limits.modalWidths.userByDepartment}
      onOk={ok}
      onCancel={cancel}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={confirmLoading}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <PickerBody multiple={multiple} selected={selected} onToggle={toggle} onSelect={setSelected} />
      <div aria-live="polite" style={{ marginTop: 8 }}>
        {t('departUser.selected', { count: selected.size })}
      </div>
    </Modal>
  );
}

interface PickerBodyProps {
  multiple: boolean;
  selected: ReadonlyMap<string, UserRecord>;
  onToggle: (user: UserRecord) => void;
  onSelect: (selected: ReadonlyMap<string, UserRecord>) => void;
}

/** The tree and the table; mounted per opening, so each opening starts without a department or search. */
function PickerBody({ multiple, selected, onToggle, onSelect }: PickerBodyProps) {
  const { t } = useTranslation('pickers');
  const label = useFieldLabel(userResource);
  const tree = useDepartIdTree();
  const [departId, setDepartId] = useState<string | null>(null);
  const [realname, setRealname] = useState('');
  const users = useQuery({
    // Under the users' key: adding users anywhere (a department, a role) refreshes it.
    queryKey: [...resourceKeys.all(userResource), 'byDepartment', departId, realname],
    queryFn: async () => (await api.call(departUserEndpoints.byDepart, { query: { id: departId ?? '', realname: realname || undefined } })).result,
    enabled: departId !== null,
  });

  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <div role="region" aria-label={t('departUser.departments')} style={{ maxHeight: 480, overflow: 'auto' }}>
          {tree.isError ? (
            <LoadErrorAlert error={tree.error} onRetry={() => void tree.refetch()} />
          ) : tree.isPending ? (
            <Spin style={{ display: 'block', margin: '24px auto' }} />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              treeData={tree.data}
              selectedKeys={departId ? [departId] : []}
              onSelect={(keys) => {
                const [key] = keys;
                if (key !== undefined) setDepartId(String(key));
              }}
            />
          )}
        </div>
      </Col>
      <Col xs={24} md={17}>
        <Input.Search allowClear placeholder={t('departUser.search')} aria-label={t('departUser.search')} onSearch={(value) => setRealname(value.trim())} style={{ marginBottom: 12, maxWidth: 320 }} disabled={departId === null} />
        {users.isError && <LoadErrorAlert error={users.error} onRetry={() => void users.refetch()} style={{ marginBottom: 12 }} />}
        <Table<UserRecord>
          // A new department or search starts at page 1.
          key={`${departId}/${realname}`}
          size="small"
          rowKey="id"
          loading={users.isFetching}
          dataSource={departId === null ? [] : (users.data ?? [])}
          columns={['username', 'realname', 'sex', 'phone'].map((field) => ({
            key: field,
            dataIndex: field === 'sex' ? 'sex_dictText' : field,
            title: label(field),
            ellipsis: true,
          }))}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: [...selected.keys()],
            preserveSelectedRowKeys: true,
            onChange: (keys, rows) => {
              const byId = new Map(rows.filter(Boolean).map((row) => [row.id, row]));
              onSelect(
                new Map(
                  keys.map(String).flatMap((id) => {
                    const user = selected.get(id) ?? byId.get(id);
                    return user ? [[id, user] as const] : [];
                  }),
                ),
              );
            },
          }}
          // Clicking a row toggles it too (spec section 4); the checkbox cell toggles on its own.
          onRow={(user) => ({
            onClick: (event) => {
              if (!(event.target as HTMLElement).closest('.ant-table-selection-column')) onToggle(user);
            },
            style: { cursor: 'pointer' },
          })}
          pagination={{ defaultPageSize: pickerPageSizes.initial, pageSizeOptions: pickerPageSizes.options.map(String), showSizeChanger: true, showTotal: (total) => t('departUser.total', { total }) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={departId === null ? t('departUser.chooseDepart') : t('departUser.empty')} /> }}
        />
      </Col>
    </Row>
  );
}
