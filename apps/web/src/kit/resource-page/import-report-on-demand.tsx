import { onDemand, ShownOnce } from '@/lib/on-demand';
import type { ImportReportProps } from './import-report';

// The report (a dialog with a table) loads when an import was first refused.
const report = onDemand(() => import('./import-report').then((module) => ({ default: module.ImportReport })));

/** `ImportReport`, downloaded when an import is first refused; kept mounted after, so it closes as before. */
export function ImportReportOnDemand(props: ImportReportProps) {
  return (
    <ShownOnce shown={props.errors !== null}>
      <report.Component {...props} />
    </ShownOnce>
  );
}
