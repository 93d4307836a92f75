import { MenuComponent, resourceScreens } from '@cellsight/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withTexts } from '@/lib/i18n';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Screens a server menu row may name in `component` (contract `MenuComponent`, every one but the group). Each loads on
 * first use, so the sign-in page never downloads console screens. 'layouts/RouteView' is not
 * here: it is a group whose children render in place (see menu-routes).
 */
type MenuComponentName = (typeof MenuComponent)[keyof typeof MenuComponent];

const pages: Readonly<Record<Exclude<MenuComponentName, typeof MenuComponent.RouteView>, Page>> = {
  [MenuComponent.UserList]: lazy(() => import('@/features/users/routes/user-list-page')),
  [MenuComponent.LoggerList]: lazy(() => import('@/features/loggers/routes/logger-list-page')),
  [MenuComponent.TenantList]: lazy(() => import('@/features/tenants/routes/tenant-list-page')),
  [MenuComponent.DataLogList]: lazy(() => import('@/features/data-log/routes/data-log-list-page')),
  [MenuComponent.AddressBook]: lazy(() => import('@/features/address-book/routes/address-book-page')),
  [MenuComponent.CategoryList]: lazy(() => import('@/features/categories/routes/category-list-page')),
  [MenuComponent.CheckRuleList]: lazy(() => import('@/features/check-rules/routes/check-rule-list-page')),
  [MenuComponent.FillRuleList]: lazy(() => import('@/features/fill-rules/routes/fill-rule-list-page')),
  [MenuComponent.FirmwareList]: lazy(() => import('@/features/firmware/routes/firmware-list-page')),
  [MenuComponent.OutboxList]: lazy(() => import('@/features/outbox/routes/outbox-list-page')),
  // The cron editor loads with this screen only.
  [MenuComponent.JobList]: lazy(() => import('@/features/jobs/routes/job-list-page')),
  // It edits the texts of the public legal pages, whose words are in the `public` group.
  [MenuComponent.LegalText]: lazy(withTexts('public', () => import('@/features/legal/routes/legal-text-page'))),
  // The rich text editor (tiptap) loads with this screen only.
  [MenuComponent.AnnouncementList]: lazy(() => import('@/features/announcements/routes/announcement-list-page')),
  [MenuComponent.MenuList]: lazy(() => import('@/features/menus/routes/menu-list-page')),
  [MenuComponent.LogList]: lazy(() => import('@/features/logs/routes/log-list-page')),
  [MenuComponent.DictList]: lazy(() => import('@/features/dictionaries/routes/dict-list-page')),
  [MenuComponent.RoleList]: lazy(() => import('@/features/roles/routes/role-list-page')),
  [MenuComponent.DepartList]: lazy(() => import('@/features/departments/routes/depart-list-page')),
  [MenuComponent.StationList]: lazy(() => import('@/features/stations/routes/station-list-page')),
  [MenuComponent.StationAdd]: lazy(() => import('@/features/stations/routes/station-add-page')),
  [MenuComponent.StationEdit]: lazy(() => import('@/features/stations/routes/station-edit-page')),
  [MenuComponent.StationManager]: lazy(() => import('@/features/stations/routes/station-manager-page')),
  [MenuComponent.StationDetail]: lazy(() => import('@/features/stations/routes/station-detail-page')),
  [MenuComponent.EventList]: lazy(() => import('@/features/events/routes/event-list-page')),
  [MenuComponent.BatteryList]: lazy(() => import('@/features/batteries/routes/battery-list-page')),
  [MenuComponent.BatteryDetail]: lazy(() => import('@/features/batteries/routes/battery-detail-page')),
  [MenuComponent.BatteryChange]: lazy(() => import('@/features/battery-changes/routes/battery-change-page')),
  [MenuComponent.DashboardAnalysis]: lazy(() => import('@/features/dashboard/routes/analysis-page')),
  [MenuComponent.DashboardMonitor]: lazy(() => import('@/features/dashboard/routes/monitor-page')),
  [MenuComponent.DashboardWorkplace]: lazy(() => import('@/features/dashboard/routes/workplace-page')),
  [MenuComponent.StationChart]: lazy(() => import('@/features/history/routes/station-chart-page')),
  [MenuComponent.BatteryHistory]: lazy(() => import('@/features/history/routes/battery-history-page')),
  [MenuComponent.TicketList]: lazy(() => import('@/features/worklist/routes/ticket-list-page')),
  [MenuComponent.TicketDetail]: lazy(() => import('@/features/worklist/routes/ticket-detail-page')),
  [MenuComponent.MemberList]: lazy(() => import('@/features/members/routes/member-list-page')),
  [MenuComponent.SystemMonitor]: lazy(() => import('@/features/monitor/routes/system-monitor-page')),
  [MenuComponent.FileList]: lazy(() => import('@/features/files/routes/file-list-page')),
  [MenuComponent.GatewayRouteList]: lazy(() => import('@/features/gateway-routes/routes/gateway-route-list-page')),
  // The code editor (CodeMirror) loads with this screen's form only.
  [MenuComponent.ReportList]: lazy(() => import('@/features/reports/routes/report-list-page')),
  [MenuComponent.DataSourceList]: lazy(() => import('@/features/data-sources/routes/data-source-list-page')),
  [MenuComponent.IframePage]: lazy(() => import('./iframe-page')),
};

/**
 * A plain list screen's page (contract `resourceScreens`): the screen kit's resource page with the
 * columns, search fields and form its `screen.page` declares. It loads on first use, as the others.
 */
const resourceScreenPage = (resource: (typeof resourceScreens)[number]): Page =>
  lazy(async () => {
    const { ResourcePage } = await import('@/kit/resource-page');
    const { columns, search, form } = resource.screen.page;
    function ResourceScreenPage() {
      return <ResourcePage resource={resource} columns={columns} search={search} form={form && { fields: form }} />;
    }
    return { default: ResourceScreenPage };
  });

/**
 * Every screen by the component a menu row names: a `MenuComponent` without a page here fails the
 * type check; a plain list screen's page comes from its declaration.
 */
export const pageRegistry: Readonly<Record<string, Page>> = {
  ...Object.fromEntries(resourceScreens.map((resource) => [resource.screen.component, resourceScreenPage(resource)])),
  ...pages,
};

export const canShowComponent = (component: string): boolean => component in pageRegistry;

/** The account settings page: the landing page of a user without menu pages. */
export const AccountSettingsPage = lazy(() => import('@/features/account/routes/account-settings-page'));
export const ChangePasswordPage = lazy(() => import('@/features/account/routes/change-password-page'));

/** The user's own announcements (/isps/userAnnouncement): every signed-in user's, whatever their menu. */
export const UserAnnouncementPage = lazy(() => import('@/features/announcements/routes/user-announcement-page'));
