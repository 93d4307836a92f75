import { z } from 'zod';
import { DictCode } from './dict.js';
import { auditFields, auditLabels, defineResource, editSchemaOf, screenPermissions } from './resource.js';
import { text } from './text.js';

const positionAddSchema = z.object({
  code: text({ error: 'is required' }).trim().min(1, 'is required').max(32, 'must be at most 32 characters').regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -'),
  name: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  /** A value of the `position_rank` dictionary (1 to 5). */
  rank: text({ error: 'is required' }).regex(/^[1-5]$/, 'must be a rank from 1 to 5'),
});

/** System administration: positions (job titles users hold), spec section 2 "positions". */
export const positionResource = defineResource({
  path: '/sys/position',
  tenancy: 'tenant',
  table: 'sys_position',
  recordName: ['position', '职务', 'Position'],
  title: ['Positions', '职务管理', 'Positionen'],
  record: z.object({ id: text(), ...positionAddSchema.shape, rank_dictText: text().nullable(), ...auditFields }),
  columns: {
    code: { type: 'text' },
    name: { type: 'text' },
    rank: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: positionAddSchema,
  edit: editSchemaOf(positionAddSchema),
  permissions: screenPermissions('system:position'),
  dictionaries: { rank: DictCode.PositionRank },
  unique: ['code'],
  labels: {
    code: ['Code', '职务编码', 'Code'],
    name: ['Name', '职务名称', 'Bezeichnung'],
    rank: ['Rank', '职级', 'Rang'],
    ...auditLabels,
  },
  sheet: ['code', 'name', 'rank', 'createTime'],
  screen: {
    menuId: 'm-system-position',
    parentId: 'm-system',
    url: '/system/position',
    component: 'system/SysPositionList',
    sortNo: 5,
    icon: 'idcard',
    page: {
      columns: ['code', 'name', 'rank', 'createTime'],
      search: [{ field: 'name', rule: 'like' }, { field: 'code', rule: 'like' }, { field: 'rank' }],
      form: ['code', 'name', 'rank'],
    },
  },
  examples: [
    { code: 'P01', name: 'Engineer', rank: '3' },
    { code: 'P02', name: 'Technician', rank: '2' },
    { code: 'P03', name: 'Manager', rank: '4' },
  ],
});
export type PositionRecord = z.infer<typeof positionResource.record>;
