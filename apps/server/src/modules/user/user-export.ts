import type { Language, UserRecord } from '@cellsight/contract';
import type { SpreadsheetCell, SpreadsheetColumn } from '../../lib/spreadsheet.js';

const columnKeys = ['username', 'realname', 'sex', 'email', 'phone', 'company', 'roles', 'status', 'createTime'] as const;
type ColumnKey = (typeof columnKeys)[number];

/** Column headings of the Users export, in the language the browser asked for. */
const headings: Record<Language, Record<ColumnKey, string> & { sheet: string; file: string }> = {
  'en-US': {
    sheet: 'Users',
    file: 'users',
    username: 'User name',
    realname: 'Real name',
    sex: 'Gender',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    roles: 'Roles',
    status: 'Status',
    createTime: 'Created (UTC)',
  },
  'zh-CN': {
    sheet: '用户',
    file: '用户',
    username: '用户名',
    realname: '真实姓名',
    sex: '性别',
    email: '邮箱',
    phone: '手机号',
    company: '公司',
    roles: '角色',
    status: '状态',
    createTime: '创建时间 (UTC)',
  },
  'de-DE': {
    sheet: 'Benutzer',
    file: 'benutzer',
    username: 'Benutzername',
    realname: 'Name',
    sex: 'Geschlecht',
    email: 'E-Mail',
    phone: 'Telefon',
    company: 'Firma',
    roles: 'Rollen',
    status: 'Status',
    createTime: 'Erstellt (UTC)',
  },
};

const widths: Record<ColumnKey, number> = { username: 20, realname: 24, sex: 10, email: 30, phone: 18, company: 28, roles: 28, status: 10, createTime: 20 };

const cell = (user: UserRecord, key: ColumnKey): SpreadsheetCell => {
  switch (key) {
    case 'sex':
      return user.sex_dictText || null;
    case 'status':
      return user.status_dictText || null;
    case 'roles':
      return user.roleNames || null;
    case 'createTime':
      return new Date(user.createTime);
    default:
      return user[key];
  }
};

/** The Users export as spreadsheet columns and rows, and its file name without extension (`users-20261122-0930`). */
export function userSheet(users: UserRecord[], language: Language, now: Date) {
  const words = headings[language];
  const columns: SpreadsheetColumn[] = columnKeys.map((key) => ({ header: words[key], width: widths[key], ...(key === 'createTime' ? { format: 'yyyy-mm-dd hh:mm:ss' } : {}) }));
  const rows = users.map((user) => columnKeys.map((key) => cell(user, key)));
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return { sheetName: words.sheet, columns, rows, fileName: `${words.file}-${stamp}` };
}
