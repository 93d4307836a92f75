import { z } from 'zod';
import { text } from './text.js';

/** One dictionary option as the console reads it. */
export const dictOptionSchema = z.object({
  value: text(),
  text: text(),
  title: text(),
});
export type DictOption = z.infer<typeof dictOptionSchema>;

/** Every dictionary by code (`sysAllDictItems` in the login answer; `queryAllDictItems`). */
export const allDictItemsSchema = z.record(text(), z.array(dictOptionSchema));
export type AllDictItems = z.infer<typeof allDictItemsSchema>;

/** Seeded dictionary codes the console relies on. */
export const DictCode = {
  Sex: 'sex',
  UserStatus: 'user_status',
  DelFlag: 'del_flag',
  MenuType: 'menu_type',
  PermsType: 'perms_type',
  ValidStatus: 'valid_status',
  LogType: 'log_type',
  OperateType: 'operate_type',
  TenantStatus: 'tenant_status',
  PositionRank: 'position_rank',
  DictItemStatus: 'dict_item_status',
} as const;

/** User status: 1 normal, 2 frozen. */
export const UserStatus = { Normal: 1, Frozen: 2 } as const;
