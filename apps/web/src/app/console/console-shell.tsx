import { useMemo } from 'react';
import { useRoutes } from 'react-router';
import { FeedbackApp } from '@/components/feedback-app';
import { useDictionaries } from '@/lib/dictionaries';
import { useLoadedPermissions } from '../auth/permissions-context';
import { MainLayout } from '../layouts/main-layout';
import { ConsoleContext } from './console-context';
import { consoleRoutes } from './menu-routes';
import { findDefaultPath, normalizeMenu } from './menu-tree';
import { canShowComponent } from './page-registry';
import { useLiveEvents } from './use-live-events';

/**
 * The signed-in console, inside antd's App (components/feedback-app.tsx): registers the routes of the user's menu (spec section 2) and renders
 * the matched page inside the main layout.
 */
export default function ConsoleShell() {
  return (
    <FeedbackApp>
      <Console />
    </FeedbackApp>
  );
}

function Console() {
  const permissions = useLoadedPermissions();
  useLiveEvents();
  useDictionaries();
  const menu = useMemo(() => normalizeMenu(permissions.menu), [permissions.menu]);
  const defaultPath = useMemo(() => findDefaultPath(menu, canShowComponent), [menu]);
  const routes = useMemo(() => consoleRoutes(menu, defaultPath), [menu, defaultPath]);
  const page = useRoutes(routes);
  const state = useMemo(() => ({ menu, defaultPath }), [menu, defaultPath]);
  return (
    <ConsoleContext.Provider value={state}>
      <MainLayout>{page}</MainLayout>
    </ConsoleContext.Provider>
  );
}
