import { DepartStatus, OrgCategory } from '@cellsight/contract';
import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldInputs } from '@/kit/resource-page';

/** The department fields the add dialog and the basic-info form show, in order. */
export const departFormFields = ['departName', 'departNameEn', 'orgCategory', 'departOrder', 'mobile', 'fax', 'address', 'status', 'description', 'memo'] as const;
/** Text areas span the whole form. */
export const wideDepartFields = ['description', 'memo'] as const;

const orgCategoryKeys = { [OrgCategory.Company]: 'company', [OrgCategory.Department]: 'department', [OrgCategory.Post]: 'post' } as const;
const statusKeys = { [DepartStatus.Enabled]: 'enabled', [DepartStatus.Disabled]: 'disabled' } as const;

/** The inputs of the fields that are not plain text: the kind and status choices, the sort number, the text areas. */
export function useDepartInputs(): FieldInputs {
  const { t } = useTranslation('departments');
  return {
    orgCategory: <Select options={Object.entries(orgCategoryKeys).map(([value, key]) => ({ value, label: t(`orgCategory.${key}`) }))} />,
    status: <Select options={Object.entries(statusKeys).map(([value, key]) => ({ value, label: t(`status.${key}`) }))} />,
    departOrder: <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />,
    description: <Input.TextArea rows={2} autoComplete="off" />,
    memo: <Input.TextArea rows={2} autoComplete="off" />,
  };
}
