import { Activity, type ReactNode, Suspense, useState } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { PageLoading } from '@/components/page-loading';

/** At most this many pages stay alive in the background; the one shown longest ago goes first. */
export const keptPagesMax = 10;

interface KeptPage {
  /** The component name: one living page per name, as JeecgBoot's keep-alive by component name. */
  name: string;
  path: string;
  element: ReactNode;
  /** Bumped by the tab bar's refresh: the page is mounted afresh. */
  generation: number;
  /** When it was last brought to the front (a counter), to let the longest-hidden go first. */
  shown: number;
}

/** The kept pages after `current` is shown (added, or its element and path brought up to date). */
export const keepPage = (pages: readonly KeptPage[], current: { name: string; path: string; element: ReactNode; refreshed: boolean; cameToFront: boolean }): KeptPage[] => {
  const before = pages.find((page) => page.name === current.name);
  const latest = Math.max(0, ...pages.map((page) => page.shown));
  const entry: KeptPage = {
    name: current.name,
    path: current.path,
    element: current.element,
    generation: (before?.generation ?? 0) + (current.refreshed ? 1 : 0),
    shown: before && !current.cameToFront ? before.shown : latest + 1,
  };
  const others = pages.filter((page) => page.name !== current.name);
  const kept = [...others, entry];
  if (kept.length <= keptPagesMax) return before ? pages.map((page) => (page.name === current.name ? entry : page)) : kept;
  const oldest = others.reduce((a, b) => (b.shown < a.shown ? b : a));
  return kept.filter((page) => page !== oldest);
};

interface KeptPagesProps {
  page: ReactNode;
  pathname: string;
  /** The current page's component name when its menu entry keeps it alive, else null. */
  keepAliveName: string | null;
  /** Changes when the tab bar asks to refresh the current page. */
  refreshKey: number;
  /** Paths whose tabs were closed: their kept pages go (a new array each time). */
  releasedPaths: readonly string[];
}

/**
 * The console's pages with keep-alive (spec section 2: "some are kept alive by component name"):
 * a page whose menu entry has keepAlive stays mounted, hidden with React's Activity, when another
 * page opens, so going back finds its scroll position, open drawers, typed filters and loaded data
 * as they were. A hidden page runs no effects (no polling, no sockets). Other pages mount afresh.
 */
export function KeptPages({ page, pathname, keepAliveName, refreshKey, releasedPaths }: KeptPagesProps) {
  const [kept, setKept] = useState<KeptPage[]>(() => (keepAliveName ? keepPage([], { name: keepAliveName, path: pathname, element: page, refreshed: false, cameToFront: true }) : []));
  const [synced, setSynced] = useState({ page, name: keepAliveName, refreshKey, releasedPaths });

  // Kept in step during render (React's "adjusting state when a prop changes"), so the page shown
  // and the pages kept never disagree for a frame.
  if (synced.page !== page || synced.name !== keepAliveName || synced.refreshKey !== refreshKey || synced.releasedPaths !== releasedPaths) {
    setSynced({ page, name: keepAliveName, refreshKey, releasedPaths });
    let next = synced.releasedPaths !== releasedPaths ? kept.filter((entry) => entry.name === keepAliveName || !releasedPaths.includes(entry.path)) : kept;
    if (keepAliveName) {
      next = keepPage(next, { name: keepAliveName, path: pathname, element: page, refreshed: synced.refreshKey !== refreshKey, cameToFront: synced.name !== keepAliveName });
    }
    setKept(next);
  }

  return (
    <>
      {kept.map((entry) => (
        <Activity key={entry.name} mode={entry.name === keepAliveName ? 'visible' : 'hidden'}>
          <ErrorBoundary key={`${entry.path}#${entry.generation}`}>
            <Suspense fallback={<PageLoading />}>{entry.element}</Suspense>
          </ErrorBoundary>
        </Activity>
      ))}
      {!keepAliveName && (
        <ErrorBoundary key={`${pathname}#${refreshKey}`}>
          <Suspense fallback={<PageLoading />}>{page}</Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
