import { z } from 'zod';
import type { Language } from './language.js';
import type { ListColumns, QueryRule } from './list-query.js';
import type { PermissionCode } from './permissions.js';
import { text } from './text.js';
import { fields } from './fields.js';

/** One text in the console's three languages, in the order of `languages`. */
export type Words = readonly [enUS: string, zhCN: string, deDE: string];

const languageIndex: Record<Language, 0 | 1 | 2> = { 'en-US': 0, 'zh-CN': 1, 'de-DE': 2 };
export const wordsIn = (words: Words, language: Language): string => words[languageIndex[language]];

/**
 * Each language's text with its `{name}` placeholders filled: a plain value is the same in every
 * language, a `Words` value (a status, an operation) is taken in the text's own language.
 */
export const fillWords = (words: Words, values: Record<string, string | Words>): Words =>
  words.map((one, index) =>
    one.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      return value === undefined ? whole : typeof value === 'string' ? value : (value[index] ?? whole);
    }),
  ) as unknown as Words;

/** One language's text with its placeholders filled (`fillWords`): what a mail or a text says. */
export const fillWordsIn = (words: Words, values: Record<string, string | Words>, language: Language): string => wordsIn(fillWords(words, values), language);

/**
 * Whose records a screen or a call holds (docs/architecture.md, "Platform and tenants"):
 * - `'tenant'`: each tenant's own rows; a caller reads and writes those of its tenants only, and
 *   another tenant's row answers 404 like one that does not exist. A screen may also hold
 *   platform-wide rows beside them (the built-in roles): every tenant reads those, and only platform
 *   administrators change them;
 * - `'shared'`: one set for the whole installation (menus, dictionaries, legal texts, fill and check
 *   rules): read by whoever the call's permission admits, written by platform administrators only;
 * - `'platform'`: the installation's own machinery (monitoring, scheduled jobs, data sources,
 *   gateway routes): platform administrators only, reading or writing.
 * A platform administrator is a member of the platform's own tenant who may add tenants (the
 * `admin` the first start creates, and whoever it makes one); a tenant administrator is any other
 * administrator.
 */
export type Tenancy = 'tenant' | 'shared' | 'platform';
export const tenancies: readonly Tenancy[] = ['tenant', 'shared', 'platform'];

/**
 * A screen's resource, defined once for server and web: where its calls live, its record, its list
 * columns, its create and edit schemas, who may do what, its dictionary-backed fields, its unique
 * fields and its field names in three languages (table headings, form labels, spreadsheet headings).
 *
 * The calls follow the JeecgBoot convention: `GET {path}/list`, `POST {path}/add`,
 * `PUT|POST {path}/edit`, `DELETE {path}/delete?id=`, `DELETE {path}/deleteBatch?ids=`,
 * `GET {path}/queryById?id=`, `GET {path}/exportXls|exportCsv`, `POST {path}/importExcel`.
 */
export interface Resource<
  Record extends z.ZodObject = z.ZodObject,
  Columns extends ListColumns = ListColumns,
  Add extends z.ZodObject = z.ZodObject,
  Edit extends z.ZodObject = z.ZodObject,
> {
  /** Route base, e.g. `/sys/position`. */
  path: string;
  /** Whose records the screen holds: a tenant's own, or the platform's (`Tenancy`). */
  tenancy: Tenancy;
  /** The table name the console's duplicate check sends (`/sys/duplicate/check?tableName=`). */
  table: string;
  /** The screen's name, also the export's sheet and file name. */
  title: Words;
  /** One record's name ("Add user"); the title where missing. */
  recordName?: Words;
  record: Record;
  columns: Columns;
  defaultSort: { column: keyof Columns & string; order: 'asc' | 'desc' };
  /** The bodies of the add and edit calls; a read-only resource (logs, loggers) has neither, nor those calls. */
  add?: Add;
  edit?: Edit;
  /** The permission code each call needs; a call without one is not offered. */
  permissions: {
    list: PermissionCode;
    add?: PermissionCode;
    edit?: PermissionCode;
    delete?: PermissionCode;
    export?: PermissionCode;
    import?: PermissionCode;
  };
  /** Record fields shown through a dictionary (field → dictionary code); records carry `<field>_dictText`. */
  dictionaries?: { readonly [Field in keyof z.infer<Record>]?: string };
  /** Fields whose value no other record may hold: checked on add, edit and import, and by the duplicate check. */
  unique?: readonly (keyof z.infer<Add> & string)[];
  /** Every field's name in three languages (record and form fields). */
  labels: { readonly [Field in keyof z.infer<Record> | keyof z.input<Add>]?: Words };
  /** Query parameters the list takes beyond its columns (a search box such as `keyWord`), with their names. */
  searchParams?: { readonly [param: string]: Words };
  /** The fields a spreadsheet export holds, in order (import reads the add schema's fields by these headings). */
  sheet: readonly (keyof z.infer<Record> & string)[];
  /**
   * Where the resource's screen sits in the menu, for a plain list screen (one listed in
   * `resourceScreens`): the first start's menu row, and a button row per permission.
   */
  screen?: ResourceScreen;
  /** Three bodies the add call takes, different in every unique field: what the list-contract tests add. */
  examples?: readonly z.input<Add>[];
}

/**
 * A plain list screen's place in the menu (a `sys_permission` row of the first start's seed) and
 * its page: the web app builds the page from this with the screen kit, so the screen has no page
 * file and no line in the page registry.
 */
export interface ResourceScreen {
  /** The menu row's id, e.g. `m-system-position`. */
  menuId: string;
  /** The menu row it sits under, e.g. `m-system`. */
  parentId: string;
  /** The console route, e.g. `/system/position`. */
  url: string;
  /** The web page that route shows (`sys_permission.component`, e.g. `system/SysPositionList`). */
  component: string;
  /** Its place among its siblings, and its icon (an Ant Design icon name). */
  sortNo: number;
  icon: string;
  /** The page: the table's columns in order, the search bar's fields and the add and edit form's fields. */
  page: {
    columns: readonly string[];
    search?: readonly { field: string; rule?: QueryRule; range?: true | 'number' }[];
    form?: readonly string[];
  };
}

/** A resource with its screen: a member of `resourceScreens`. */
export type ScreenResource<R extends Resource = Resource> = R & { screen: ResourceScreen };

/** A resource as a plain list screen; one without a `screen` is refused at start-up. */
export const listScreen = <R extends Resource>(resource: R): ScreenResource<R> => {
  if (!resource.screen) throw new Error(`${resource.path} has no screen: only a resource with one is a plain list screen`);
  return resource as ScreenResource<R>;
};

/** The calls of a resource, each one permission code. */
export type ResourceAction = 'list' | 'add' | 'edit' | 'delete' | 'export' | 'import';
const resourceActions: readonly ResourceAction[] = ['list', 'add', 'edit', 'delete', 'export', 'import'];
/** A plain list screen's permission code of one call: `<prefix>:<call>`, e.g. `system:position:list`. */
export type ScreenPermissionCode = `${string}:${ResourceAction}`;

/**
 * The permission codes of a plain list screen, one per call under one prefix (`system:position` →
 * `system:position:list`, `…:add`, …). The seed makes a button row of each; `permissionCodes`
 * lists them with the console's others.
 */
export const screenPermissions = <const Prefix extends string>(prefix: Prefix) =>
  Object.fromEntries(resourceActions.map((action) => [action, `${prefix}:${action}`])) as { readonly [Action in ResourceAction]: `${Prefix}:${Action}` };

type NoInput = z.ZodObject<Record<never, never>>;

/** A resource with add and edit calls keeps its schemas' types; a read-only one gives neither schema. */
export function defineResource<Record extends z.ZodObject, Columns extends ListColumns, Add extends z.ZodObject, Edit extends z.ZodObject>(
  resource: Resource<Record, Columns, Add, Edit> & { add: Add; edit: Edit },
): Resource<Record, Columns, Add, Edit> & { add: Add; edit: Edit };
export function defineResource<Record extends z.ZodObject, Columns extends ListColumns>(resource: Resource<Record, Columns, NoInput, NoInput>): Resource<Record, Columns, NoInput, NoInput>;
export function defineResource(resource: Resource): Resource {
  return resource;
}

/** The record fields every resource carries. */
export const auditFields = {
  createBy: text().nullable(),
  createTime: text(),
  updateBy: text().nullable(),
  updateTime: text().nullable(),
};

export const auditLabels = {
  createBy: ['Created by', '创建人', 'Erstellt von'],
  createTime: ['Created', '创建时间', 'Erstellt'],
  updateBy: ['Updated by', '修改人', 'Geändert von'],
  updateTime: ['Updated', '修改时间', 'Geändert'],
} as const satisfies { [field: string]: Words };

/** The edit schema of a resource: its add schema's fields, all optional, and the record's id. */
export const editSchemaOf = <Add extends z.ZodObject>(add: Add) => add.partial().extend({ id: fields.id });

/** Query of `delete` and `queryById`, and of `deleteBatch`. */
export const resourceIdQuerySchema = z.object({ id: fields.id });
export const resourceIdsQuerySchema = z.object({ ids: fields.idList.min(1, 'is required') });

/** What an import refused: one entry per bad cell, with the spreadsheet's own row number (0: the file itself). */
export const importErrorSchema = z.object({ row: z.number().int(), field: text(), message: text() });
export type ImportError = z.infer<typeof importErrorSchema>;
export const importResultSchema = z.object({ imported: z.number().int() });
