import { PlusOutlined } from '@ant-design/icons';
import { DictCode, type Language, type MenuTreeNode, MenuType, Permission, menuTitle, wordsIn } from '@cellsight/contract';
import { Button, Card, Form, Input, Popconfirm, Space, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DictTag } from '@/components/dict-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchForm } from '@/kit/search-form';
import { useHasPermission } from '@/lib/permissions';
import { useServerFeedback } from '@/lib/server-feedback';
import { useMenuList, useMenuMutations } from '../api/menu-api';
import { DataRulesDrawer } from '../components/data-rules-drawer';
import { MenuFormDialog } from '../components/menu-form-dialog';
import { expandableKeys, knownComponents, useMenuLabel } from '../lib/menu-tree';

interface Editing {
  record: MenuTreeNode | null;
  parent: MenuTreeNode | null;
  open: boolean;
}

/**
 * System administration: menus and button permissions (spec section 2, reference section 3), the
 * whole tree as an expandable table. A name search lists the matching rows flat (JeecgBoot's list).
 */
export default function MenuListPage() {
  const { t, i18n } = useTranslation('menus');
  const label = useMenuLabel();
  const feedback = useServerFeedback();
  const [params, setParams] = useSearchParams();
  const name = params.get('name') ?? '';
  const list = useMenuList(name);
  const { remove } = useMenuMutations();
  const can = {
    add: useHasPermission(Permission.MenuAdd),
    edit: useHasPermission(Permission.MenuEdit),
    remove: useHasPermission(Permission.MenuDelete),
  };
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [rules, setRules] = useState<{ menu: MenuTreeNode; open: boolean } | null>(null);
  const [searchForm] = Form.useForm<{ name?: string }>();
  const rows = list.data ?? [];

  const search = (value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value?.trim()) next.set('name', value.trim());
      else next.delete('name');
      return next;
    });

  const deleteRow = async (row: MenuTreeNode) => {
    try {
      feedback.success(await remove.mutateAsync(row.id), t('common:resource.deleted'));
    } catch (error) {
      feedback.error(error);
    }
  };

  const columns: TableColumnType<MenuTreeNode>[] = [
    { key: 'name', dataIndex: 'name', title: label('name') },
    { key: 'icon', dataIndex: 'icon', title: label('icon') },
    {
      key: 'component',
      dataIndex: 'component',
      title: label('component'),
      render: (component: string | null) =>
        component && (
          <Space size={4}>
            <span>{component}</span>
            {/* Stored as given (as JeecgBoot does); the console renders only the components it knows. */}
            {!knownComponents.includes(component) && <Tag color="warning">{t('unknownComponent')}</Tag>}
          </Space>
        ),
    },
    { key: 'url', dataIndex: 'url', title: label('url') },
    { key: 'sortNo', dataIndex: 'sortNo', title: label('sortNo') },
    {
      key: 'menuType',
      dataIndex: 'menuType',
      title: label('menuType'),
      render: (_value: unknown, row: MenuTreeNode) => <DictTag code={DictCode.MenuType} value={row.menuType} text={row.menuType_dictText} />,
    },
    { key: 'perms', dataIndex: 'perms', title: label('perms'), render: (perms: string | null) => perms && <Typography.Text code>{perms}</Typography.Text> },
  ];
  if (can.edit || can.add || can.remove) {
    columns.push({
      key: 'actions',
      title: t('common:resource.actions'),
      fixed: 'end',
      render: (_value: unknown, row: MenuTreeNode) => (
        <Space size={0} wrap>
          {/* A menu's data rules are part of its configuration: maintained with the edit permission. */}
          {can.edit && row.menuType !== MenuType.Button && (
            <Button type="link" size="small" onClick={() => setRules({ menu: row, open: true })}>
              {t('data-rules:action')}
            </Button>
          )}
          {can.edit && (
            <Button type="link" size="small" onClick={() => setEditing({ record: row, parent: null, open: true })}>
              {t('common:resource.edit')}
            </Button>
          )}
          {can.add && row.menuType !== MenuType.Button && (
            <Button type="link" size="small" onClick={() => setEditing({ record: null, parent: row, open: true })}>
              {t('addChild')}
            </Button>
          )}
          {can.remove && (
            <Popconfirm
              title={t('confirmDelete', { name: row.name })}
              description={row.menuType === MenuType.Button ? undefined : t('confirmDeleteChildren')}
              okText={t('common:ok')}
              cancelText={t('common:cancel')}
              onConfirm={() => deleteRow(row)}
            >
              <Button type="link" size="small" danger>
                {t('common:resource.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card title={wordsIn(menuTitle, i18n.language as Language)}>
      <Space align="start" wrap style={{ marginBottom: 16 }}>
        <SearchForm form={searchForm} name="menu-search" label={t('searchLabel')} values={name ? { name } : {}} onSearch={(values) => search(values.name)} onReset={() => search(undefined)}>
          <Form.Item name="name" label={label('name')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
        </SearchForm>
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null, parent: null, open: true })}>
            {t('common:resource.add')}
          </Button>
        )}
        <Button onClick={() => setExpanded(expandableKeys(rows))}>{t('expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('collapseAll')}</Button>
      </Space>
      {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} style={{ marginBottom: 16 }} />}
      <Table<MenuTreeNode>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common:resource.empty') }}
      />
      <DataRulesDrawer menu={rules?.menu ?? null} open={rules?.open ?? false} onClose={() => setRules((slot) => slot && { ...slot, open: false })} afterClose={() => setRules(null)} />
      {editing && (
        <MenuFormDialog
          record={editing.record}
          parent={editing.parent}
          open={editing.open}
          onClose={() => setEditing((slot) => slot && { ...slot, open: false })}
          afterClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
