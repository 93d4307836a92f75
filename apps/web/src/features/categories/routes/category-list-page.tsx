import { type CategoryRecord, Permission, categoryResource, categoryRootPid } from '@cellsight/contract';
import { Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategorySelect } from '@/components/pickers/category-select';
import { ResourcePage, useResourceMutations } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';

/** Moves a category (with everything below it) under another parent, or to the top level; its codes follow on the server. */
function MoveDialog({ category, onClose }: { category: CategoryRecord | null; onClose: () => void }) {
  const { t } = useTranslation('categories');
  const [form] = Form.useForm<{ pid?: string }>();
  const { edit } = useResourceMutations(categoryResource);
  const feedback = useServerFeedback();
  const save = async () => {
    if (!category) return;
    const { pid } = await form.validateFields();
    try {
      feedback.success(await edit.mutateAsync({ id: category.id, pid: pid ?? categoryRootPid }), t('move.done'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['pid'])) feedback.error(error);
    }
  };
  return (
    <Modal open={category !== null} title={t('move.title', { name: category?.name ?? '' })} okText={t('move.ok')} onOk={() => void save()} confirmLoading={edit.isPending} onCancel={onClose} afterClose={() => form.resetFields()} destroyOnHidden>
      {category && (
        <Form form={form} layout="vertical" initialValues={{ pid: category.pid === categoryRootPid ? undefined : category.pid }}>
          <Typography.Paragraph type="secondary">{t('move.hint')}</Typography.Paragraph>
          <Form.Item name="pid" label={t('move.parent')}>
            <CategorySelect disabledCode={category.code} placeholder={t('move.topLevel')} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** One level of the tree: the children of `pid` as a kit list, each row opening its own children below it. */
function CategoryLevel({ pid, onMove, top = false }: { pid: string; onMove: (category: CategoryRecord) => void; top?: boolean }) {
  const { t } = useTranslation('categories');
  const canMove = useHasPermission(Permission.CategoryEdit);
  return (
    <ResourcePage
      resource={categoryResource}
      columns={['name', 'code', 'createTime']}
      search={top ? [{ field: 'name', rule: 'like' }, { field: 'code', rule: 'like' }] : []}
      form={{ fields: ['name'] }}
      // The top level lists the roots until something is searched, then matches from every level; a nested level is always its parent's children (and adds there).
      {...(top ? { browseQuery: { pid } } : { fixedQuery: { pid } })}
      inUrl={top}
      title={top ? undefined : false}
      // Every node opens, a leaf too: its (empty) level is where its first child is added.
      expandable={{ rowExpandable: () => true, expandedRowRender: (row) => <CategoryLevel pid={row.id} onMove={onMove} /> }}
      rowActions={
        canMove
          ? (row) => (
              <Button type="link" size="small" onClick={() => onMove(row)}>
                {t('move.action')}
              </Button>
            )
          : undefined
      }
    />
  );
}

/** System administration: categories (spec sections 2 and 7), a tree of kit lists with hierarchical codes. */
export default function CategoryListPage() {
  const [moving, setMoving] = useState<CategoryRecord | null>(null);
  return (
    <>
      <CategoryLevel pid={categoryRootPid} onMove={setMoving} top />
      <MoveDialog category={moving} onClose={() => setMoving(null)} />
    </>
  );
}
