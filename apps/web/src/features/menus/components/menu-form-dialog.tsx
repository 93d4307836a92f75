import { type MenuAddRequest, type MenuFieldRequiredByType, type MenuTreeNode, type MenuTypeValue, MenuType, isMenuFieldRequired, menuAddSchema } from '@cellsight/contract';
import { AutoComplete, Form, Input, InputNumber, Modal, Radio, Switch, TreeSelect } from 'antd';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractRule, isRequired } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useMenuList, useMenuMutations } from '../api/menu-api';
import { knownComponents, parentOptions, useMenuLabel } from '../lib/menu-tree';

type Field = keyof MenuAddRequest & keyof typeof menuAddSchema.shape;
type Values = Partial<Record<Field, unknown>> & { menuType?: MenuTypeValue };

/** The fields each kind of row has, in form order (JeecgBoot's menu form). */
const menuFields: readonly Field[] = ['url', 'component', 'componentName', 'redirect', 'icon', 'sortNo', 'route', 'hidden', 'keepAlive', 'alwaysShow', 'internalOrExternal'];
const fieldsByType: Record<MenuTypeValue, readonly Field[]> = {
  [MenuType.FirstLevel]: ['menuType', 'name', ...menuFields],
  [MenuType.SubMenu]: ['menuType', 'name', 'parentId', ...menuFields],
  [MenuType.Button]: ['menuType', 'name', 'parentId', 'perms', 'permsType', 'status'],
};
const switches: readonly Field[] = ['route', 'hidden', 'keepAlive', 'alwaysShow', 'internalOrExternal'];
/** What an empty field sends: an emptied text clears the stored value, a missing parent or order is null. */
const emptyValue = (field: Field): unknown => (switches.includes(field) ? false : field === 'parentId' || field === 'sortNo' ? null : '');
const shape = menuAddSchema.shape as Record<Field, z.ZodType>;

/** A new row's values; under a parent it starts as a sub-menu. */
const newRow = (parent: MenuTreeNode | null): Values => ({
  menuType: parent ? MenuType.SubMenu : MenuType.FirstLevel,
  parentId: parent?.id,
  sortNo: 1,
  // A new menu is a route, as JeecgBoot's `is_route` defaults to 1.
  route: true,
  hidden: false,
  keepAlive: false,
  alwaysShow: false,
  internalOrExternal: false,
  permsType: '1',
  status: '1',
});

const storedRow = (record: MenuTreeNode): Values => ({
  menuType: record.menuType,
  name: record.name,
  parentId: record.parentId ?? undefined,
  url: record.url ?? '',
  component: record.component ?? '',
  componentName: record.componentName ?? '',
  redirect: record.redirect ?? '',
  icon: record.icon ?? '',
  sortNo: record.sortNo,
  route: record.route,
  hidden: record.hidden,
  keepAlive: record.keepAlive,
  alwaysShow: record.alwaysShow,
  internalOrExternal: record.internalOrExternal,
  perms: record.perms ?? '',
  permsType: record.permsType === '2' ? '2' : '1',
  status: record.status === '0' ? '0' : '1',
});

interface MenuFormDialogProps {
  /** The row to edit; null adds one. */
  record: MenuTreeNode | null;
  /** Where a new row starts ("Add sub-menu or button"). */
  parent: MenuTreeNode | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Add or edit a menu or button. The fields follow the kind; every rule is the contract's (the
 * field's own schema, and which fields the kind requires); the server's refusals land on their fields.
 */
export function MenuFormDialog({ record, parent, open, onClose, afterClose }: MenuFormDialogProps) {
  const { t } = useTranslation('menus');
  const label = useMenuLabel();
  const feedback = useServerFeedback();
  const [form] = Form.useForm<Values>();
  const tree = useMenuList('');
  const { add, edit } = useMenuMutations();
  const initialValues = record ? storedRow(record) : newRow(parent);
  const menuType: MenuTypeValue = Form.useWatch('menuType', form) ?? initialValues.menuType ?? MenuType.FirstLevel;
  const component = Form.useWatch('component', form);
  const fields = fieldsByType[menuType];
  const stored = record ? { menuType: record.menuType, parentId: record.parentId } : undefined;

  const requiredByType = (field: Field): boolean => (field === 'perms' || field === 'parentId') && isMenuFieldRequired(field as MenuFieldRequiredByType, menuType, stored);
  const rulesOf = (field: Field): FormRule[] => [
    ...(requiredByType(field) ? [{ required: true, whitespace: true, message: t('validation:required') }] : []),
    contractRule(shape[field], t),
  ];

  const inputs: Record<Field, ReactNode> = {
    menuType: (
      <Radio.Group
        optionType="button"
        options={[
          { value: MenuType.FirstLevel, label: t('types.firstLevel') },
          { value: MenuType.SubMenu, label: t('types.subMenu') },
          { value: MenuType.Button, label: t('types.button') },
        ]}
      />
    ),
    name: <Input autoComplete="off" />,
    parentId: <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll loading={tree.isLoading} treeData={parentOptions(tree.data ?? [], record?.id)} placeholder={t('form.parentPlaceholder')} />,
    url: <Input autoComplete="off" placeholder="/system/example" />,
    component: <AutoComplete options={knownComponents.map((value) => ({ value }))} filterOption={(typed, option) => String(option?.value ?? '').toLowerCase().includes(typed.toLowerCase())} />,
    componentName: <Input autoComplete="off" />,
    redirect: <Input autoComplete="off" />,
    icon: <Input autoComplete="off" placeholder="setting" />,
    sortNo: <InputNumber style={{ width: '100%' }} />,
    perms: <Input autoComplete="off" placeholder="system:example:add" />,
    permsType: (
      <Radio.Group
        options={[
          { value: '1', label: t('permsTypes.show') },
          { value: '2', label: t('permsTypes.disable') },
        ]}
      />
    ),
    status: (
      <Radio.Group
        options={[
          { value: '1', label: t('statuses.effective') },
          { value: '0', label: t('statuses.ineffective') },
        ]}
      />
    ),
    hidden: <Switch />,
    keepAlive: <Switch />,
    alwaysShow: <Switch />,
    route: <Switch />,
    internalOrExternal: <Switch />,
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    // Only the kind's fields travel.
    const body = Object.fromEntries(fields.map((field) => [field, values[field] ?? emptyValue(field)])) as MenuAddRequest;
    try {
      const envelope = record ? await edit.mutateAsync({ ...body, id: record.id }) : await add.mutateAsync(body);
      feedback.success(envelope, record ? t('common:resource.edited') : t('common:resource.added'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, fields)) feedback.error(error);
    }
  };

  return (
    <Modal
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      onOk={() => form.submit()}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={add.isPending || edit.isPending}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" name="menu-form" initialValues={initialValues} onFinish={() => void submit()}>
        {fields.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={field === 'name' && menuType === MenuType.Button ? t('form.buttonName') : label(field)}
            rules={rulesOf(field)}
            required={isRequired(shape[field]) || requiredByType(field)}
            validateFirst
            {...(switches.includes(field) ? { valuePropName: 'checked' } : {})}
            extra={field === 'component' && typeof component === 'string' && component.trim() !== '' && !knownComponents.includes(component.trim()) ? t('form.unknownComponent') : undefined}
          >
            {inputs[field]}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
