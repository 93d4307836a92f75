import { lazy } from 'react';

/** ECharts is large: it loads when a chart is first shown, not with the screen that shows it. */
export const LazyEChart = lazy(() => import('@/components/e-chart').then((module) => ({ default: module.EChart })));
