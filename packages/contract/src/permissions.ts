import type { ScreenPermissionCode } from './resource.js';

/**
 * Permission codes. A code is a button row (`menu_type` 2) in the permission tree; roles are
 * granted rows, and the server requires a code on every protected route (deny by default).
 * The client's `hasPermission` checks are for display only.
 */
export const Permission = {
  UserList: 'system:user:list',
  UserAdd: 'system:user:add',
  UserEdit: 'system:user:edit',
  UserDelete: 'system:user:delete',
  UserFreeze: 'system:user:frozen',
  UserResetPassword: 'system:user:changePassword',
  UserRecycleBin: 'system:user:recycleBin',
  UserExport: 'system:user:export',
  LoggerList: 'device:logger:list',
  LoggerRegister: 'device:logger:register',
  /** Give a registered logger a new registration key (administrators). */
  LoggerRotateKey: 'device:logger:rotateKey',
  /** Give a battery (pack) to another logger (administrators). */
  BatteryMove: 'device:battery:move',
  /** Remote operations, one code each: which a role may send is its permission; to which loggers, its scope. */
  CommandRestart: 'device:command:restart',
  CommandShutdown: 'device:command:shutdown',
  CommandSettings: 'device:command:settings',
  CommandUpgrade: 'device:command:upgrade',
  /** A logger's alias. */
  LoggerEdit: 'device:logger:edit',
  /** Take a logger off its station. */
  LoggerUnbind: 'device:logger:unbind',
  /** Register loggers from a spreadsheet. */
  LoggerImport: 'device:logger:import',
  CommandList: 'device:command:list',
  /** The battery list and detail (spec section 2: /battery/index requires battery-index). */
  BatteryIndex: 'battery-index',
  BatteryExport: 'device:battery:export',
  /** A battery's alias. */
  BatteryEdit: 'device:battery:edit',
  IngestStats: 'device:ingest:stats',
  /** The firmware library (administrators): list, upload, delete. */
  FirmwareList: 'device:firmware:list',
  FirmwareAdd: 'device:firmware:add',
  FirmwareDelete: 'device:firmware:delete',
  /** The outbox (administrators): every mail the platform sent or keeps, and a test message. */
  OutboxList: 'system:outbox:list',
  OutboxTest: 'system:outbox:test',
  /** Scheduled jobs (administrators): server tasks on cron schedules, paused, resumed or run at once. */
  JobList: 'system:quartz:list',
  JobAdd: 'system:quartz:add',
  JobEdit: 'system:quartz:edit',
  JobDelete: 'system:quartz:delete',
  JobPause: 'system:quartz:pause',
  JobExecute: 'system:quartz:execute',
  /** The privacy policy and terms of use shown at /privacy and /condition (administrators). */
  LegalEdit: 'system:legal:edit',
  /** Announcements (administrators): write, publish and revoke notices to the tenant or chosen users. */
  AnnouncementList: 'system:announcement:list',
  AnnouncementAdd: 'system:announcement:add',
  AnnouncementEdit: 'system:announcement:edit',
  AnnouncementDelete: 'system:announcement:delete',
  AnnouncementRelease: 'system:announcement:release',
  RoleList: 'system:role:list',
  RoleAdd: 'system:role:add',
  RoleEdit: 'system:role:edit',
  RoleDelete: 'system:role:delete',
  /** Grant menus and buttons to a role. */
  RoleAuthorize: 'system:role:authorize',
  /** Add users to a role and remove them. */
  RoleUsers: 'system:role:users',
  MenuList: 'system:permission:list',
  MenuAdd: 'system:permission:add',
  MenuEdit: 'system:permission:edit',
  MenuDelete: 'system:permission:delete',
  DictList: 'system:dict:list',
  DictAdd: 'system:dict:add',
  DictEdit: 'system:dict:edit',
  DictDelete: 'system:dict:delete',
  DictRefreshCache: 'system:dict:refreshCache',
  DepartList: 'system:depart:list',
  DepartAdd: 'system:depart:add',
  DepartEdit: 'system:depart:edit',
  DepartDelete: 'system:depart:delete',
  /** A department's menus and the data rules it offers (what its department roles may be given). */
  DepartPermission: 'system:depart:permission',
  DepartRoleList: 'system:depart:role:list',
  /** Add, edit and delete department roles, authorise them and give them to users. */
  DepartRoleEdit: 'system:depart:role:edit',
  CategoryList: 'system:category:list',
  CategoryAdd: 'system:category:add',
  CategoryEdit: 'system:category:edit',
  CategoryDelete: 'system:category:delete',
  CategoryExport: 'system:category:export',
  CheckRuleList: 'system:checkRule:list',
  CheckRuleAdd: 'system:checkRule:add',
  CheckRuleEdit: 'system:checkRule:edit',
  CheckRuleDelete: 'system:checkRule:delete',
  CheckRuleExport: 'system:checkRule:export',
  FillRuleList: 'system:fillRule:list',
  FillRuleAdd: 'system:fillRule:add',
  FillRuleEdit: 'system:fillRule:edit',
  FillRuleDelete: 'system:fillRule:delete',
  FillRuleExport: 'system:fillRule:export',
  LogList: 'system:log:list',
  StationList: 'site:station:list',
  /** Create stations and sub-stations (the wizard), binding loggers to them. */
  StationAdd: 'site:station:add',
  StationEdit: 'site:station:edit',
  StationDelete: 'site:station:delete',
  StationExport: 'site:station:export',
  /** The events screen (site-events): list, acknowledge, export. */
  EventList: 'site:event:list',
  EventAcknowledge: 'site:event:acknowledge',
  EventExport: 'site:event:export',
  /** The dashboards, one code each (a role may be given the map without the fleet's figures). */
  DashboardAnalysis: 'dashboard:analysis',
  DashboardMonitor: 'dashboard:monitor',
  DashboardWorkplace: 'dashboard:workplace',
  /** Battery change records (battery-change): list, export, and a replacement entered by hand. */
  BatteryChangeList: 'battery:change:list',
  BatteryChangeExport: 'battery:change:export',
  BatteryChangeAdd: 'battery:change:add',
  /** Support tickets (worklist): see the tickets in scope and reply, file one, move one on as its handler, close one's own with a rating. */
  TicketList: 'worklist:ticket:list',
  TicketAdd: 'worklist:ticket:add',
  TicketHandle: 'worklist:ticket:handle',
  TicketClose: 'worklist:ticket:close',
  /** Members (CRM, member-index): the accounts below the caller in the hierarchy; moving them, and granting them extra buttons. */
  MemberList: 'member:account:list',
  MemberAdd: 'member:account:add',
  MemberEdit: 'member:account:edit',
  MemberDelete: 'member:account:delete',
  MemberExport: 'member:account:export',
  MemberMove: 'member:account:move',
  MemberGrant: 'member:account:grant',
  /** Online reports (`/online/cgreport`): define them, and run them (`/online/cgreport/api/*`, the popup report picker). */
  ReportList: 'online:report:list',
  ReportAdd: 'online:report:add',
  ReportEdit: 'online:report:edit',
  ReportDelete: 'online:report:delete',
  ReportExport: 'online:report:export',
  ReportView: 'online:report:view',
  /** Data sources (`/sys/dataSource`): further databases reports may read; test a connection. */
  DataSourceList: 'system:datasource:list',
  DataSourceAdd: 'system:datasource:add',
  DataSourceEdit: 'system:datasource:edit',
  DataSourceDelete: 'system:datasource:delete',
  DataSourceExport: 'system:datasource:export',
  /** System monitoring (administrators): the server process, database, broker, Redis and the last hour's charts. */
  MonitorView: 'system:monitor:view',
  /** Stored files (administrators): list and preview every upload, delete unused ones. */
  FileList: 'system:file:list',
  FileDelete: 'system:file:delete',
  /** Gateway routes (administrators): named outbound HTTP integrations, and a test call. */
  GatewayRouteList: 'system:gatewayRoute:list',
  GatewayRouteAdd: 'system:gatewayRoute:add',
  GatewayRouteEdit: 'system:gatewayRoute:edit',
  GatewayRouteDelete: 'system:gatewayRoute:delete',
  GatewayRouteTest: 'system:gatewayRoute:test',
  /** Tenants (System → Tenants): the caller's own tenants; adding, editing, deleting and freezing them, and who belongs to them. */
  TenantList: 'system:tenant:list',
  TenantAdd: 'system:tenant:add',
  TenantEdit: 'system:tenant:edit',
  TenantDelete: 'system:tenant:delete',
  TenantExport: 'system:tenant:export',
  TenantFrozen: 'system:tenant:frozen',
  TenantUsers: 'system:tenant:users',
  /** Data log (System → Data log): every change to stations, loggers, battery settings, users and roles of the caller's tenants. */
  DataLogList: 'system:datalog:list',
  DataLogExport: 'system:datalog:export',
  /** Address book (System → Address book): the users of the caller's tenants by department. */
  AddressBookList: 'system:addressbook:list',
} as const;

/** The permission each remote operation needs (`POST /want/device/operate`). */
export const commandPermissionOf = {
  restart: Permission.CommandRestart,
  shutdown: Permission.CommandShutdown,
  settings: Permission.CommandSettings,
  upgrade: Permission.CommandUpgrade,
} as const;
export const commandPermissions = Object.values(commandPermissionOf);

/** A code of `Permission`, or of a plain list screen (its resource's `screenPermissions`; `permissionCodes` lists both). */
export type PermissionCode = (typeof Permission)[keyof typeof Permission] | ScreenPermissionCode;

/** Menu row kinds (`sys_permission.menu_type`). */
export const MenuType = { FirstLevel: 0, SubMenu: 1, Button: 2 } as const;

/** Built-in role codes (spec section 6). */
export const RoleCode = {
  Admin: 'admin',
  Distributor: 'distributor',
  Installer: 'installer',
  EndUser: 'end_user',
  Demo: 'demo',
} as const;

/**
 * Web components a menu row may name (`sys_permission.component`). The web app maps each to a
 * lazily loaded screen (`app/console/page-registry.ts`).
 */
export const MenuComponent = {
  RouteView: 'layouts/RouteView',
  /** An external address shown inside the console (a menu row with an http(s) url that does not open externally). */
  IframePage: 'layouts/IframePageView',
  UserList: 'system/UserList',
  LoggerList: 'collector/index',
  RoleList: 'system/RoleList',
  MenuList: 'system/PermissionList',
  DictList: 'system/DictList',
  DepartList: 'system/DepartList',
  LogList: 'system/LogList',
  FirmwareList: 'system/FirmwareList',
  OutboxList: 'system/OutboxList',
  JobList: 'system/QuartzJobList',
  LegalText: 'system/LegalText',
  AnnouncementList: 'system/SysAnnouncementList',
  StationList: 'site/index',
  StationEdit: 'site/edit',
  StationAdd: 'site/add',
  StationManager: 'stationmgr/index',
  StationDetail: 'stationmgr/detail',
  EventList: 'site/events',
  BatteryList: 'battery/index',
  BatteryDetail: 'battery/detail',
  DashboardAnalysis: 'dashboard/Analysis',
  DashboardMonitor: 'dashboard/Monitor',
  DashboardWorkplace: 'dashboard/Workplace',
  StationChart: 'site/chart',
  BatteryHistory: 'battery/history',
  BatteryChange: 'battery/change',
  TicketList: 'worklist/index',
  TicketDetail: 'worklist/detail',
  MemberList: 'member/index',
  ReportList: 'online/cgreport/OnlCgreportHeadList',
  DataSourceList: 'system/SysDataSourceList',
  CategoryList: 'system/SysCategoryList',
  CheckRuleList: 'system/SysCheckRuleList',
  FillRuleList: 'system/SysFillRuleList',
  SystemMonitor: 'system/Monitor',
  FileList: 'system/FileList',
  GatewayRouteList: 'system/GatewayRouteList',
  TenantList: 'system/TenantList',
  DataLogList: 'system/DataLogList',
  AddressBook: 'system/AddressBook',
} as const;
