import type { ResultProps } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';

// antd's Result (with its illustrations) loads when something fails, not with every page.
const ResultView = lazy(() => import('./result-view'));

/** Shows `fallback` when its children fail (the result could not be downloaded either). */
class Fallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * An error screen: antd's Result, downloaded when first shown. When the download that failed was
 * not the only one (a new deploy, the network gone), the result may not load either: `plain`, the
 * same texts and button without it, shows then.
 */
export function LazyResult({ plain, ...props }: ResultProps & { plain: ReactNode }) {
  return (
    <Fallback fallback={plain}>
      <Suspense fallback={null}>
        <ResultView {...props} />
      </Suspense>
    </Fallback>
  );
}
