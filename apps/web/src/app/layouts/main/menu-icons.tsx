import {
  AlertOutlined,
  ApiOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarsOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ContactsOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DiffOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  LineChartOutlined,
  MailOutlined,
  NotificationOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * Icons a menu row may name in `meta.icon` (the original console's short antd names). Only these
 * are bundled; other names show no icon.
 */
const icons: Record<string, ReactNode> = {
  alert: <AlertOutlined />,
  api: <ApiOutlined />,
  apartment: <ApartmentOutlined />,
  appstore: <AppstoreOutlined />,
  bars: <BarsOutlined />,
  'cloud-upload': <CloudUploadOutlined />,
  mail: <MailOutlined />,
  cluster: <ClusterOutlined />,
  contacts: <ContactsOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  diff: <DiffOutlined />,
  'file-text': <FileTextOutlined />,
  'folder-open': <FolderOpenOutlined />,
  home: <HomeOutlined />,
  'line-chart': <LineChartOutlined />,
  notification: <NotificationOutlined />,
  safety: <SafetyOutlined />,
  setting: <SettingOutlined />,
  solution: <SolutionOutlined />,
  swap: <SwapOutlined />,
  team: <TeamOutlined />,
  thunderbolt: <ThunderboltOutlined />,
  tool: <ToolOutlined />,
  user: <UserOutlined />,
};

/** Accepts "setting", "SettingOutlined" and "setting-outlined" alike. */
export const menuIcon = (name: string | undefined): ReactNode => {
  if (!name) return undefined;
  const key = name
    .replace(/Outlined$|-outlined$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return icons[key];
};
