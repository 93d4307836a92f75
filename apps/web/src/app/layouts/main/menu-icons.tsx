import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarsOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
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
  apartment: <ApartmentOutlined />,
  appstore: <AppstoreOutlined />,
  bars: <BarsOutlined />,
  'cloud-upload': <CloudUploadOutlined />,
  mail: <MailOutlined />,
  cluster: <ClusterOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  'file-text': <FileTextOutlined />,
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
