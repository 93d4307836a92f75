import { AccountType, MenuComponent, MenuType, Permission, RoleCode, type ScreenResource, resourceScreens } from '@cellsight/contract';

/**
 * What a first start puts in the database. Menu rows exist only for screens that exist; each
 * later capability adds its own rows here (and a migration-free re-seed adds them to running
 * installations, since every insert is conflict-tolerant).
 */
export interface MenuSeed {
  id: string;
  parentId: string | null;
  name: string;
  url?: string;
  component?: string;
  redirect?: string;
  menuType: number;
  perms?: string;
  sortNo: number;
  icon?: string;
  /** A page reached from other pages, not from the menu (spec: /stationmgr, /site/add, /site/edit). */
  hidden?: boolean;
  /** The page stays alive in the background when another opens (its filters, scroll and open rows kept). */
  keepAlive?: boolean;
}

/** A system screen under 'System': its menu row and one button row per permission code. */
const screen = (id: string, name: string, url: string, component: string, sortNo: number, icon: string, buttons: [perms: string, name: string][]): MenuSeed[] => [
  { id, parentId: 'm-system', name, url, component, menuType: MenuType.SubMenu, sortNo, icon },
  ...buttons.map(([perms, buttonName], index) => ({ id: `b-${perms.replaceAll(':', '-')}`, parentId: id, name: buttonName, menuType: MenuType.Button, perms, sortNo: index + 1 })),
];

const lowerFirst = (words: string): string => words.charAt(0).toLowerCase() + words.slice(1);

/**
 * A plain list screen's rows, from its resource: the menu row its `screen` places, and a button row
 * per permission in the kit's order, named from its title and record name ("List positions", "Add position").
 */
const resourceScreenRows = (resource: ScreenResource): MenuSeed[] => {
  const { screen: place, permissions } = resource;
  const records = lowerFirst(resource.title[0]);
  const record = lowerFirst((resource.recordName ?? resource.title)[0]);
  const buttons: [perms: string | undefined, name: string][] = [
    [permissions.list, `List ${records}`],
    [permissions.add, `Add ${record}`],
    [permissions.edit, `Edit ${record}`],
    [permissions.delete, `Delete ${record}`],
    [permissions.export, `Export ${records}`],
    [permissions.import, `Import ${records}`],
  ];
  const granted = buttons.filter((button): button is [string, string] => button[0] !== undefined);
  return [
    { id: place.menuId, parentId: place.parentId, name: resource.title[0], url: place.url, component: place.component, menuType: MenuType.SubMenu, sortNo: place.sortNo, icon: place.icon },
    ...granted.map(([perms, name], index) => ({ id: `b-${perms.replaceAll(':', '-')}`, parentId: place.menuId, name, menuType: MenuType.Button, perms, sortNo: index + 1 })),
  ];
};

/** A station page reached from other pages: a hidden first-level row, so its route is registered for whoever is granted it. */
const stationPage = (id: string, name: string, url: string, component: string, sortNo: number): MenuSeed => ({ id, parentId: null, name, url, component, menuType: MenuType.FirstLevel, sortNo, hidden: true });

export const menuSeed: MenuSeed[] = [
  // The dashboards (spec section 2: dashboard-analysis is the first menu entry; / still opens /site/index), one view permission each.
  { id: 'm-dashboard', parentId: null, name: 'Dashboard', url: '/dashboard', component: MenuComponent.RouteView, redirect: '/dashboard/analysis', menuType: MenuType.FirstLevel, sortNo: 5, icon: 'dashboard' },
  { id: 'm-dashboard-analysis', parentId: 'm-dashboard', name: 'Analysis', url: '/dashboard/analysis', component: MenuComponent.DashboardAnalysis, menuType: MenuType.SubMenu, sortNo: 1, icon: 'line-chart' },
  { id: 'b-dashboard-analysis', parentId: 'm-dashboard-analysis', name: 'View the fleet analysis', menuType: MenuType.Button, perms: Permission.DashboardAnalysis, sortNo: 1 },
  { id: 'm-dashboard-monitor', parentId: 'm-dashboard', name: 'Monitor', url: '/dashboard/monitor', component: MenuComponent.DashboardMonitor, menuType: MenuType.SubMenu, sortNo: 2, icon: 'alert' },
  { id: 'b-dashboard-monitor', parentId: 'm-dashboard-monitor', name: 'View the station map', menuType: MenuType.Button, perms: Permission.DashboardMonitor, sortNo: 1 },
  { id: 'm-dashboard-workplace', parentId: 'm-dashboard', name: 'Workplace', url: '/dashboard/workplace', component: MenuComponent.DashboardWorkplace, menuType: MenuType.SubMenu, sortNo: 3, icon: 'tool' },
  { id: 'b-dashboard-workplace', parentId: 'm-dashboard-workplace', name: 'View what needs attention', menuType: MenuType.Button, perms: Permission.DashboardWorkplace, sortNo: 1 },
  // The home page (spec section 2: / redirects to /site/index, menu name site-index).
  { id: 'm-site', parentId: null, name: 'Stations', url: '/site/index', component: MenuComponent.StationList, menuType: MenuType.FirstLevel, sortNo: 10, icon: 'home', keepAlive: true },
  { id: 'b-station-list', parentId: 'm-site', name: 'List stations', menuType: MenuType.Button, perms: Permission.StationList, sortNo: 1 },
  { id: 'b-station-add', parentId: 'm-site', name: 'Create stations', menuType: MenuType.Button, perms: Permission.StationAdd, sortNo: 2 },
  { id: 'b-station-edit', parentId: 'm-site', name: 'Edit stations', menuType: MenuType.Button, perms: Permission.StationEdit, sortNo: 3 },
  { id: 'b-station-delete', parentId: 'm-site', name: 'Delete stations', menuType: MenuType.Button, perms: Permission.StationDelete, sortNo: 4 },
  { id: 'b-station-export', parentId: 'm-site', name: 'Export stations', menuType: MenuType.Button, perms: Permission.StationExport, sortNo: 5 },
  stationPage('m-site-add', 'Create station', '/site/add', MenuComponent.StationAdd, 11),
  stationPage('m-site-edit', 'Edit station', '/site/edit', MenuComponent.StationEdit, 12),
  // The menu's last station entry (spec section 2: stationmgr-index, after member-index and battery-change).
  { id: 'm-stationmgr', parentId: null, name: 'Station management', url: '/stationmgr/index', component: MenuComponent.StationManager, menuType: MenuType.FirstLevel, sortNo: 88, icon: 'apartment' },
  stationPage('m-stationmgr-detail', 'Station', '/stationmgr/detail', MenuComponent.StationDetail, 14),
  // Events (spec route site-events): every battery and logger event in the caller's scope.
  { id: 'm-site-events', parentId: null, name: 'Events', url: '/site/events', component: MenuComponent.EventList, menuType: MenuType.FirstLevel, sortNo: 40, icon: 'alert' },
  { id: 'b-event-list', parentId: 'm-site-events', name: 'List events', menuType: MenuType.Button, perms: Permission.EventList, sortNo: 1 },
  { id: 'b-event-acknowledge', parentId: 'm-site-events', name: 'Acknowledge events', menuType: MenuType.Button, perms: Permission.EventAcknowledge, sortNo: 2 },
  { id: 'b-event-export', parentId: 'm-site-events', name: 'Export events', menuType: MenuType.Button, perms: Permission.EventExport, sortNo: 3 },
  // The station chart (spec site-chart) and battery daily and history (battery-history): read with the station, respectively battery, list's permission.
  { id: 'm-site-chart', parentId: null, name: 'Station chart', url: '/site/chart', component: MenuComponent.StationChart, menuType: MenuType.FirstLevel, sortNo: 30, icon: 'line-chart' },
  { id: 'm-battery-history', parentId: null, name: 'Battery history', url: '/battery/history', component: MenuComponent.BatteryHistory, menuType: MenuType.FirstLevel, sortNo: 50, icon: 'history' },
  // Batteries (spec battery-index): the list, its export and aliases; the detail page is reached from it.
  { id: 'm-battery', parentId: null, name: 'Batteries', url: '/battery/index', component: MenuComponent.BatteryList, menuType: MenuType.FirstLevel, sortNo: 20, icon: 'thunderbolt', keepAlive: true },
  { id: 'b-battery-index', parentId: 'm-battery', name: 'List batteries', menuType: MenuType.Button, perms: Permission.BatteryIndex, sortNo: 1 },
  { id: 'b-battery-export', parentId: 'm-battery', name: 'Export batteries', menuType: MenuType.Button, perms: Permission.BatteryExport, sortNo: 2 },
  { id: 'b-battery-edit', parentId: 'm-battery', name: 'Edit battery aliases', menuType: MenuType.Button, perms: Permission.BatteryEdit, sortNo: 3 },
  stationPage('m-battery-detail', 'Battery', '/battery/detail', MenuComponent.BatteryDetail, 21),
  // Battery change records (spec route battery-change): replacements detected or entered by hand, and moves.
  { id: 'm-battery-change', parentId: null, name: 'Battery changes', url: '/battery/change', component: MenuComponent.BatteryChange, menuType: MenuType.FirstLevel, sortNo: 85, icon: 'swap' },
  { id: 'b-battery-change-list', parentId: 'm-battery-change', name: 'List battery changes', menuType: MenuType.Button, perms: Permission.BatteryChangeList, sortNo: 1 },
  { id: 'b-battery-change-export', parentId: 'm-battery-change', name: 'Export battery changes', menuType: MenuType.Button, perms: Permission.BatteryChangeExport, sortNo: 2 },
  { id: 'b-battery-change-add', parentId: 'm-battery-change', name: 'Record battery replacements', menuType: MenuType.Button, perms: Permission.BatteryChangeAdd, sortNo: 3 },
  // Support tickets (spec worklist-index between battery-history and collector-index; /worklist/detail reached from the list and the user menu).
  { id: 'm-worklist', parentId: null, name: 'Tickets', url: '/worklist/index', component: MenuComponent.TicketList, menuType: MenuType.FirstLevel, sortNo: 60, icon: 'solution' },
  { id: 'b-ticket-list', parentId: 'm-worklist', name: 'See tickets and reply', menuType: MenuType.Button, perms: Permission.TicketList, sortNo: 1 },
  { id: 'b-ticket-add', parentId: 'm-worklist', name: 'File tickets', menuType: MenuType.Button, perms: Permission.TicketAdd, sortNo: 2 },
  { id: 'b-ticket-handle', parentId: 'm-worklist', name: 'Accept and handle tickets', menuType: MenuType.Button, perms: Permission.TicketHandle, sortNo: 3 },
  { id: 'b-ticket-close', parentId: 'm-worklist', name: 'Close and rate own tickets', menuType: MenuType.Button, perms: Permission.TicketClose, sortNo: 4 },
  stationPage('m-worklist-detail', 'Ticket', '/worklist/detail', MenuComponent.TicketDetail, 61),
  { id: 'm-collector', parentId: null, name: 'Loggers', url: '/collector/index', component: MenuComponent.LoggerList, menuType: MenuType.FirstLevel, sortNo: 70, icon: 'cluster', keepAlive: true },
  { id: 'b-logger-list', parentId: 'm-collector', name: 'List loggers and batteries', menuType: MenuType.Button, perms: Permission.LoggerList, sortNo: 1 },
  // Administrators only (no other role's grants name it): a new key drops the logger until it reconnects with it.
  { id: 'b-logger-rotate-key', parentId: 'm-collector', name: 'Change logger keys', menuType: MenuType.Button, perms: Permission.LoggerRotateKey, sortNo: 2 },
  // Administrators only (no other role's grants name it): the old logger's samples of the pack are dropped from then on.
  { id: 'b-battery-move', parentId: 'm-collector', name: 'Move batteries between loggers', menuType: MenuType.Button, perms: Permission.BatteryMove, sortNo: 3 },
  { id: 'b-logger-edit', parentId: 'm-collector', name: 'Edit logger aliases', menuType: MenuType.Button, perms: Permission.LoggerEdit, sortNo: 4 },
  { id: 'b-logger-unbind', parentId: 'm-collector', name: 'Unbind loggers from stations', menuType: MenuType.Button, perms: Permission.LoggerUnbind, sortNo: 5 },
  { id: 'b-logger-import', parentId: 'm-collector', name: 'Import loggers', menuType: MenuType.Button, perms: Permission.LoggerImport, sortNo: 6 },
  // One permission per remote operation: which a role may send; the scope says to which loggers.
  { id: 'b-command-restart', parentId: 'm-collector', name: 'Restart devices', menuType: MenuType.Button, perms: Permission.CommandRestart, sortNo: 7 },
  { id: 'b-command-shutdown', parentId: 'm-collector', name: 'Shut devices down', menuType: MenuType.Button, perms: Permission.CommandShutdown, sortNo: 8 },
  { id: 'b-command-settings', parentId: 'm-collector', name: 'Change device settings', menuType: MenuType.Button, perms: Permission.CommandSettings, sortNo: 9 },
  { id: 'b-command-upgrade', parentId: 'm-collector', name: 'Upgrade device firmware', menuType: MenuType.Button, perms: Permission.CommandUpgrade, sortNo: 10 },
  { id: 'm-system', parentId: null, name: 'System', url: '/system', component: MenuComponent.RouteView, redirect: '/system/user', menuType: MenuType.FirstLevel, sortNo: 90, icon: 'setting' },
  { id: 'm-system-user', parentId: 'm-system', name: 'Users', url: '/system/user', component: MenuComponent.UserList, menuType: MenuType.SubMenu, sortNo: 1, icon: 'user' },
  { id: 'b-user-list', parentId: 'm-system-user', name: 'List users', menuType: MenuType.Button, perms: Permission.UserList, sortNo: 1 },
  { id: 'b-user-add', parentId: 'm-system-user', name: 'Add user', menuType: MenuType.Button, perms: Permission.UserAdd, sortNo: 2 },
  { id: 'b-user-edit', parentId: 'm-system-user', name: 'Edit user', menuType: MenuType.Button, perms: Permission.UserEdit, sortNo: 3 },
  { id: 'b-user-delete', parentId: 'm-system-user', name: 'Delete user', menuType: MenuType.Button, perms: Permission.UserDelete, sortNo: 4 },
  { id: 'b-user-frozen', parentId: 'm-system-user', name: 'Freeze user', menuType: MenuType.Button, perms: Permission.UserFreeze, sortNo: 5 },
  { id: 'b-user-password', parentId: 'm-system-user', name: 'Reset password', menuType: MenuType.Button, perms: Permission.UserResetPassword, sortNo: 6 },
  { id: 'b-user-recycle', parentId: 'm-system-user', name: 'Recycle bin', menuType: MenuType.Button, perms: Permission.UserRecycleBin, sortNo: 7 },
  { id: 'b-user-export', parentId: 'm-system-user', name: 'Export users', menuType: MenuType.Button, perms: Permission.UserExport, sortNo: 8 },
  ...screen('m-system-role', 'Roles', '/system/role', MenuComponent.RoleList, 2, 'team', [
    [Permission.RoleList, 'List roles'],
    [Permission.RoleAdd, 'Add role'],
    [Permission.RoleEdit, 'Edit role'],
    [Permission.RoleDelete, 'Delete role'],
    [Permission.RoleAuthorize, 'Authorise role'],
    [Permission.RoleUsers, 'Role users'],
  ]),
  ...screen('m-system-menu', 'Menus', '/system/permission', MenuComponent.MenuList, 3, 'menu', [
    [Permission.MenuList, 'List menus'],
    [Permission.MenuAdd, 'Add menu'],
    [Permission.MenuEdit, 'Edit menu'],
    [Permission.MenuDelete, 'Delete menu'],
  ]),
  ...screen('m-system-depart', 'Departments', '/system/depart', MenuComponent.DepartList, 4, 'apartment', [
    [Permission.DepartList, 'List departments'],
    [Permission.DepartAdd, 'Add department'],
    [Permission.DepartEdit, 'Edit department'],
    [Permission.DepartDelete, 'Delete department'],
    [Permission.DepartPermission, 'Department permissions'],
    [Permission.DepartRoleList, 'List department roles'],
    [Permission.DepartRoleEdit, 'Maintain department roles'],
  ]),
  ...resourceScreens.flatMap(resourceScreenRows),
  ...screen('m-system-dict', 'Dictionaries', '/system/dict', MenuComponent.DictList, 6, 'book', [
    [Permission.DictList, 'List dictionaries'],
    [Permission.DictAdd, 'Add dictionary'],
    [Permission.DictEdit, 'Edit dictionary'],
    [Permission.DictDelete, 'Delete dictionary'],
    [Permission.DictRefreshCache, 'Refresh dictionary cache'],
  ]),
  ...screen('m-system-log', 'Logs', '/system/log', MenuComponent.LogList, 7, 'file-search', [[Permission.LogList, 'List logs']]),
  // Administrators only (no other role's grants name it): the files loggers install in an upgrade.
  ...screen('m-system-firmware', 'Firmware', '/system/firmware', MenuComponent.FirmwareList, 8, 'cloud-upload', [
    [Permission.FirmwareList, 'List firmware'],
    [Permission.FirmwareAdd, 'Upload firmware'],
    [Permission.FirmwareDelete, 'Delete firmware'],
  ]),
  // Administrators only: every message the platform sent or keeps (without SMTP, the only way to read them).
  ...screen('m-system-outbox', 'Outbox', '/system/outbox', MenuComponent.OutboxList, 9, 'mail', [
    [Permission.OutboxList, 'List the outbox'],
    [Permission.OutboxTest, 'Send a test message'],
  ]),
  // Administrators only: the texts every visitor reads at /privacy and /condition.
  ...screen('m-system-legal', 'Privacy and terms', '/system/legal', MenuComponent.LegalText, 10, 'file-text', [[Permission.LegalEdit, 'Edit the privacy policy and terms']]),
  // Administrators only: notices to everyone of the tenant or chosen users (everyone reads them in the bell).
  ...screen('m-system-announcement', 'Announcements', '/system/annountCement', MenuComponent.AnnouncementList, 11, 'notification', [
    [Permission.AnnouncementList, 'List announcements'],
    [Permission.AnnouncementAdd, 'Add announcement'],
    [Permission.AnnouncementEdit, 'Edit announcement'],
    [Permission.AnnouncementDelete, 'Delete announcement'],
    [Permission.AnnouncementRelease, 'Publish and revoke announcements'],
  ]),
  // Administrators only: the platform's housekeeping and other server tasks on cron schedules.
  ...screen('m-system-quartz', 'Scheduled jobs', '/system/quartzJob', MenuComponent.JobList, 15, 'clock-circle', [
    [Permission.JobList, 'List scheduled jobs'],
    [Permission.JobAdd, 'Add scheduled jobs'],
    [Permission.JobEdit, 'Edit scheduled jobs'],
    [Permission.JobDelete, 'Delete scheduled jobs'],
    [Permission.JobPause, 'Pause and resume scheduled jobs'],
    [Permission.JobExecute, 'Run scheduled jobs now'],
  ]),
  // Administrators only: the server process, database, broker, Redis and the last hour's charts.
  ...screen('m-system-monitor', 'Monitoring', '/system/monitor', MenuComponent.SystemMonitor, 16, 'dashboard', [[Permission.MonitorView, 'View system monitoring']]),
  // Administrators only: every uploaded file, where it is used, and deleting unused ones.
  ...screen('m-system-file', 'Files', '/system/file', MenuComponent.FileList, 17, 'folder-open', [
    [Permission.FileList, 'List files'],
    [Permission.FileDelete, 'Delete unused files'],
  ]),
  // Administrators only: named outbound HTTP integrations (tile server, geocoder, SMS gateway, webhooks) and their test call.
  ...screen('m-system-gateway-route', 'Gateway routes', '/system/gatewayRoute', MenuComponent.GatewayRouteList, 23, 'api', [
    [Permission.GatewayRouteList, 'List gateway routes'],
    [Permission.GatewayRouteAdd, 'Add gateway routes'],
    [Permission.GatewayRouteEdit, 'Edit gateway routes'],
    [Permission.GatewayRouteDelete, 'Delete gateway routes'],
    [Permission.GatewayRouteTest, 'Test gateway routes'],
  ]),
  // Administrators only: the category tree forms pick from, the rules values are checked against, and the rules that fill values in.
  ...screen('m-system-category', 'Categories', '/system/category', MenuComponent.CategoryList, 18, 'cluster', [
    [Permission.CategoryList, 'List categories'],
    [Permission.CategoryAdd, 'Add category'],
    [Permission.CategoryEdit, 'Edit and move categories'],
    [Permission.CategoryDelete, 'Delete category'],
    [Permission.CategoryExport, 'Export categories'],
  ]),
  ...screen('m-system-check-rule', 'Check rules', '/system/checkRule', MenuComponent.CheckRuleList, 19, 'check-square', [
    [Permission.CheckRuleList, 'List check rules'],
    [Permission.CheckRuleAdd, 'Add check rule'],
    [Permission.CheckRuleEdit, 'Edit check rule'],
    [Permission.CheckRuleDelete, 'Delete check rule'],
    [Permission.CheckRuleExport, 'Export check rules'],
  ]),
  ...screen('m-system-fill-rule', 'Fill rules', '/system/fillRule', MenuComponent.FillRuleList, 20, 'field-number', [
    [Permission.FillRuleList, 'List fill rules'],
    [Permission.FillRuleAdd, 'Add fill rule'],
    [Permission.FillRuleEdit, 'Edit fill rule'],
    [Permission.FillRuleDelete, 'Delete fill rule'],
    [Permission.FillRuleExport, 'Export fill rules'],
  ]),
  // Online reports: defining them, and running them (the preview and the popup report picker). Only
  // administrators hold them by default: a report reads everything of its views within the tenant, not the station scope.
  ...screen('m-system-report', 'Online reports', '/online/cgreport', MenuComponent.ReportList, 21, 'table', [
    [Permission.ReportList, 'List online reports'],
    [Permission.ReportAdd, 'Add online report'],
    [Permission.ReportEdit, 'Edit online report'],
    [Permission.ReportDelete, 'Delete online report'],
    [Permission.ReportExport, 'Export online reports'],
    [Permission.ReportView, 'Run online reports'],
  ]),
  ...screen('m-system-data-source', 'Data sources', '/system/dataSource', MenuComponent.DataSourceList, 22, 'database', [
    [Permission.DataSourceList, 'List data sources'],
    [Permission.DataSourceAdd, 'Add data source'],
    [Permission.DataSourceEdit, 'Edit data source'],
    [Permission.DataSourceDelete, 'Delete data source'],
    [Permission.DataSourceExport, 'Export data sources'],
  ]),
  // Tenants: the platform administrator adds, freezes and deletes them; an administrator of one tenant sees only its own.
  ...screen('m-system-tenant', 'Tenants', '/system/tenant', MenuComponent.TenantList, 12, 'cluster', [
    [Permission.TenantList, 'List tenants'],
    [Permission.TenantAdd, 'Add tenant'],
    [Permission.TenantEdit, 'Edit tenant'],
    [Permission.TenantDelete, 'Delete tenant'],
    [Permission.TenantExport, 'Export tenants'],
    [Permission.TenantFrozen, 'Freeze and unfreeze tenants'],
    [Permission.TenantUsers, 'Manage who belongs to a tenant'],
  ]),
  // Every change to stations, loggers, battery settings, users and roles, of the caller's tenants.
  ...screen('m-system-data-log', 'Data log', '/system/dataLog', MenuComponent.DataLogList, 13, 'diff', [
    [Permission.DataLogList, 'List data changes'],
    [Permission.DataLogExport, 'Export data changes'],
  ]),
  // Who is who by department (administrators; a role may be granted it to look colleagues up).
  ...screen('m-system-address-book', 'Address book', '/system/addressBook', MenuComponent.AddressBook, 14, 'contacts', [[Permission.AddressBookList, 'View the address book']]),
  // Members (spec route member-index, titled CRM, between collector-index and battery-change): the accounts below the caller.
  { id: 'm-member', parentId: null, name: 'CRM', url: '/member/index', component: MenuComponent.MemberList, menuType: MenuType.FirstLevel, sortNo: 80, icon: 'team' },
  { id: 'b-member-list', parentId: 'm-member', name: 'List members', menuType: MenuType.Button, perms: Permission.MemberList, sortNo: 1 },
  { id: 'b-member-add', parentId: 'm-member', name: 'Create members', menuType: MenuType.Button, perms: Permission.MemberAdd, sortNo: 2 },
  { id: 'b-member-edit', parentId: 'm-member', name: 'Edit members', menuType: MenuType.Button, perms: Permission.MemberEdit, sortNo: 3 },
  { id: 'b-member-delete', parentId: 'm-member', name: 'Delete members', menuType: MenuType.Button, perms: Permission.MemberDelete, sortNo: 4 },
  { id: 'b-member-export', parentId: 'm-member', name: 'Export members', menuType: MenuType.Button, perms: Permission.MemberExport, sortNo: 5 },
  { id: 'b-member-move', parentId: 'm-member', name: 'Move members', menuType: MenuType.Button, perms: Permission.MemberMove, sortNo: 6 },
  { id: 'b-member-grant', parentId: 'm-member', name: 'Grant members permissions', menuType: MenuType.Button, perms: Permission.MemberGrant, sortNo: 7 },
  // Device-plane API permissions; their screens come with the station and battery pages.
  { id: 'b-logger-register', parentId: null, name: 'Register loggers', menuType: MenuType.Button, perms: Permission.LoggerRegister, sortNo: 100 },
  { id: 'b-command-list', parentId: null, name: 'View remote commands', menuType: MenuType.Button, perms: Permission.CommandList, sortNo: 102 },
  { id: 'b-ingest-stats', parentId: null, name: 'View ingestion counters', menuType: MenuType.Button, perms: Permission.IngestStats, sortNo: 103 },
];

export interface RoleSeed {
  id: string;
  roleCode: string;
  roleName: string;
  description: string;
  /** Menu and button ids granted; '*' grants every seeded row. */
  grants: '*' | string[];
}

/** The three dashboards, each with its view permission. */
const dashboards = ['m-dashboard', 'm-dashboard-analysis', 'b-dashboard-analysis', 'm-dashboard-monitor', 'b-dashboard-monitor', 'm-dashboard-workplace', 'b-dashboard-workplace'];
/** What every signed-in role may look at: the dashboards, the station pages and the loggers, and the command audit. */
const viewing = [...dashboards, 'm-site', 'b-station-list', 'm-stationmgr', 'm-stationmgr-detail', 'm-collector', 'b-logger-list', 'b-command-list', 'm-battery', 'b-battery-index', 'b-battery-export', 'm-battery-detail', 'm-site-events', 'b-event-list', 'b-event-export', 'm-site-chart', 'm-battery-history', 'm-battery-change', 'b-battery-change-list', 'b-battery-change-export', 'm-worklist', 'm-worklist-detail', 'b-ticket-list'];
/** Tickets: every signed-in role but the demo files them, replies and closes its own; the accounts above end users handle them. */
const ticketing = ['b-ticket-add', 'b-ticket-close'];
const ticketHandling = [...ticketing, 'b-ticket-handle'];
/** Creating and looking after stations and their loggers. */
const installing = ['b-battery-edit', 'b-station-add', 'm-site-add', 'b-station-edit', 'm-site-edit', 'b-station-export', 'b-logger-register', 'b-logger-edit', 'b-logger-unbind', 'b-logger-import', 'b-event-acknowledge', 'b-battery-change-add'];

/** The Members screen: distributors and installers manage the accounts below them; end users have none. */
const managingMembers = ['m-member', 'b-member-list', 'b-member-add', 'b-member-edit', 'b-member-delete', 'b-member-export', 'b-member-move', 'b-member-grant'];

/**
 * Built-in roles and their default grants (issue: end users view and may restart their own loggers;
 * installers also change settings and upgrade; distributors and administrators everything). Which
 * records each may touch is the scope (`access/station-scope.ts`), not the role.
 */
export const roleSeed: RoleSeed[] = [
  { id: 'r-admin', roleCode: RoleCode.Admin, roleName: 'Administrator', description: 'Administers the whole system', grants: '*' },
  {
    id: 'r-distributor',
    roleCode: RoleCode.Distributor,
    roleName: 'Distributor',
    description: 'Agent who manages installers and their customers',
    grants: [...viewing, ...installing, ...ticketHandling, ...managingMembers, 'b-station-delete', 'b-command-restart', 'b-command-shutdown', 'b-command-settings', 'b-command-upgrade'],
  },
  { id: 'r-installer', roleCode: RoleCode.Installer, roleName: 'Installer', description: 'Installs stations and devices for end users', grants: [...viewing, ...installing, ...ticketHandling, ...managingMembers, 'b-command-restart', 'b-command-settings', 'b-command-upgrade'] },
  { id: 'r-end-user', roleCode: RoleCode.EndUser, roleName: 'End user', description: 'Owner of stations and batteries', grants: [...viewing, 'b-station-add', 'm-site-add', 'b-station-edit', 'm-site-edit', 'b-logger-edit', 'b-battery-edit', 'b-command-restart', ...ticketing] },
  { id: 'r-demo', roleCode: RoleCode.Demo, roleName: 'Demo', description: 'Read-only demonstration access', grants: viewing },
];

/** Seeded dictionaries: value, then the text in en-US, zh-CN and de-DE. */
export const dictSeed: { code: string; name: string; items: [value: string, en: string, zh: string, de: string][] }[] = [
  { code: 'sex', name: 'Gender', items: [['1', 'Male', '男', 'Männlich'], ['2', 'Female', '女', 'Weiblich']] },
  { code: 'user_status', name: 'User status', items: [['1', 'Normal', '正常', 'Normal'], ['2', 'Frozen', '冻结', 'Gesperrt']] },
  { code: 'del_flag', name: 'Deleted', items: [['0', 'Normal', '正常', 'Normal'], ['1', 'Deleted', '已删除', 'Gelöscht']] },
  { code: 'menu_type', name: 'Menu type', items: [['0', 'First-level menu', '一级菜单', 'Hauptmenü'], ['1', 'Sub-menu', '子菜单', 'Untermenü'], ['2', 'Button permission', '按钮权限', 'Schaltflächenrecht']] },
  { code: 'perms_type', name: 'Permission kind', items: [['1', 'Show', '可见', 'Anzeigen'], ['2', 'Disable', '可编辑', 'Deaktivieren']] },
  { code: 'valid_status', name: 'Valid', items: [['1', 'Valid', '有效', 'Gültig'], ['0', 'Invalid', '无效', 'Ungültig']] },
  { code: 'log_type', name: 'Log type', items: [['1', 'Login log', '登录日志', 'Anmeldeprotokoll'], ['2', 'Operation log', '操作日志', 'Vorgangsprotokoll']] },
  {
    code: 'operate_type',
    name: 'Operation',
    items: [['1', 'Query', '查询', 'Abfrage'], ['2', 'Add', '添加', 'Hinzufügen'], ['3', 'Edit', '编辑', 'Bearbeiten'], ['4', 'Delete', '删除', 'Löschen'], ['5', 'Import', '导入', 'Import'], ['6', 'Export', '导出', 'Export']],
  },
  { code: 'tenant_status', name: 'Tenant status', items: [['1', 'Normal', '正常', 'Normal'], ['0', 'Frozen', '冻结', 'Gesperrt']] },
  {
    code: 'gateway_purpose',
    name: 'Gateway route purpose',
    items: [['tile', 'Map tile server', '地图瓦片服务', 'Kartenkachel-Server'], ['geocoder', 'Geocoder', '地理编码服务', 'Geocoder'], ['sms', 'SMS gateway', '短信网关', 'SMS-Gateway'], ['webhook', 'Webhook', 'Webhook', 'Webhook'], ['other', 'Other', '其他', 'Sonstiges']],
  },
  { code: 'priority', name: 'Priority', items: [['L', 'Low', '低', 'Niedrig'], ['M', 'Medium', '中', 'Mittel'], ['H', 'High', '高', 'Hoch']] },
  { code: 'send_status', name: 'Publication', items: [['0', 'Draft', '未发布', 'Entwurf'], ['1', 'Published', '已发布', 'Veröffentlicht'], ['2', 'Revoked', '已撤销', 'Zurückgezogen']] },
  { code: 'msg_type', name: 'Recipients', items: [['ALL', 'Everyone', '全体用户', 'Alle'], ['USER', 'Chosen users', '指定用户', 'Ausgewählte Benutzer']] },
  { code: 'msg_category', name: 'Message category', items: [['1', 'Notice', '通知公告', 'Mitteilung'], ['2', 'System message', '系统消息', 'Systemnachricht']] },
  {
    code: 'position_rank',
    name: 'Position rank',
    items: [['1', 'Staff', '员级', 'Mitarbeiter'], ['2', 'Assistant', '助级', 'Assistent'], ['3', 'Intermediate', '中级', 'Fachkraft'], ['4', 'Senior', '副高级', 'Leitend'], ['5', 'Principal', '正高级', 'Oberste Ebene']],
  },
  { code: 'dict_item_status', name: 'Item status', items: [['1', 'Enabled', '启用', 'Aktiv'], ['0', 'Disabled', '不启用', 'Inaktiv']] },
  { code: 'station_status', name: 'Station status', items: [['0', 'Fault', '故障', 'Störung'], ['1', 'Warning', '告警', 'Warnung'], ['2', 'Normal', '正常', 'Normal'], ['3', 'Offline', '离线', 'Offline']] },
  { code: 'event_type', name: 'Event type', items: [['normal', 'Normal', '正常', 'Normal'], ['warning', 'Warning', '告警', 'Warnung'], ['fault', 'Fault', '故障', 'Störung'], ['protect', 'Protection', '保护', 'Schutz']] },
  { code: 'change_source', name: 'Battery change source', items: [['detected', 'Detected', '系统检测', 'Erkannt'], ['moved', 'Moved', '迁移', 'Umgezogen'], ['manual', 'Entered by hand', '手动录入', 'Manuell erfasst']] },
  {
    code: 'ticket_state',
    name: 'Ticket status',
    items: [
      ['pending', 'Awaiting acceptance', '待受理', 'Wartet auf Annahme'],
      ['processing', 'Awaiting handling', '待处理', 'Wartet auf Bearbeitung'],
      ['in_progress', 'In progress', '处理中', 'In Bearbeitung'],
      ['pending_review', 'Awaiting rating', '待评价', 'Wartet auf Bewertung'],
      ['completed', 'Completed', '已完成', 'Abgeschlossen'],
    ],
  },
  { code: 'ticket_category', name: 'Ticket category', items: [['suggestion', 'Suggestion', '建议', 'Vorschlag'], ['defect', 'Defect', '故障', 'Defekt']] },
  { code: 'station_type', name: 'Station type', items: [['0', 'Low voltage', '低压', 'Niederspannung'], ['1', 'High voltage', '高压', 'Hochspannung']] },
  {
    code: 'account_type',
    name: 'Account type',
    items: [['admin', 'Administrator', '管理员', 'Administrator'], ['distributor', 'Distributor', '经销商', 'Händler'], ['installer', 'Installer', '安装商', 'Installateur'], ['end_user', 'End user', '终端用户', 'Endkunde']],
  },
];

export const rootDepart = { id: 'd-root', departName: 'Cellsight', orgCode: 'A01', tenantId: 1 };
export const defaultTenant = { id: 1, name: 'Cellsight' };

export const adminUser = { id: 'e9ca23d68d884d4ebb19d07889727dae', username: 'admin', realname: 'Administrator', accountType: AccountType.Admin, superiorId: null };

export interface SeedUser {
  id: string;
  username: string;
  realname: string;
  password: string;
  roleId: string;
  demo: boolean;
  accountType: AccountType;
  superiorId: string | null;
  /** Demo addresses (the reserved .invalid domain): alarm and ticket mail to them waits in the outbox. */
  email?: string;
}

/**
 * Demo accounts (DEMO=1): a distributor with two installers, each with an end user, and the
 * read-only demo visitor (an end user of the first installer). Passwords are in the README.
 */
export const demoUsers: SeedUser[] = [
  { id: 'u-demo-distributor', username: 'distributor', realname: 'Demo Distributor', password: 'Distributor2026', roleId: 'r-distributor', demo: false, accountType: AccountType.Distributor, superiorId: null, email: 'distributor@demo.invalid' },
  { id: 'u-demo-installer', username: 'installer', realname: 'Demo Installer', password: 'Installer2026', roleId: 'r-installer', demo: false, accountType: AccountType.Installer, superiorId: 'u-demo-distributor', email: 'installer@demo.invalid' },
  { id: 'u-demo-installer-2', username: 'installer2', realname: 'Demo Installer Two', password: 'Installer2026', roleId: 'r-installer', demo: false, accountType: AccountType.Installer, superiorId: 'u-demo-distributor', email: 'installer2@demo.invalid' },
  { id: 'u-demo-end-user', username: 'enduser', realname: 'Demo End User', password: 'Enduser2026', roleId: 'r-end-user', demo: false, accountType: AccountType.EndUser, superiorId: 'u-demo-installer', email: 'enduser@demo.invalid' },
  { id: 'u-demo-end-user-2', username: 'enduser2', realname: 'Demo End User Two', password: 'Enduser2026', roleId: 'r-end-user', demo: false, accountType: AccountType.EndUser, superiorId: 'u-demo-installer-2', email: 'enduser2@demo.invalid' },
  { id: 'u-demo', username: 'demo', realname: 'Demo Visitor', password: 'Demo2026', roleId: 'r-demo', demo: true, accountType: AccountType.EndUser, superiorId: 'u-demo-installer' },
];

/**
 * Demo stations (DEMO=1), one per end user, each with one demo logger (`SIMDEMO000<logger>`);
 * demo loggers beyond these stay unbound, registered to the first installer, for the wizard.
 */
export const demoStations = [
  { id: 's-demo-home', name: 'Demo End User Home', ownerId: 'u-demo-end-user', logger: 1, lat: 52.52, lon: 13.405, address: 'Berlin' },
  { id: 's-demo-farm', name: 'Demo Farm Storage', ownerId: 'u-demo-end-user-2', logger: 2, lat: 48.137, lon: 11.575, address: 'Munich' },
  { id: 's-demo-visitor', name: 'Demo Visitor Station', ownerId: 'u-demo', logger: 3, lat: 30.65699, lon: 104.057641, address: 'Chengdu' },
] as const;
