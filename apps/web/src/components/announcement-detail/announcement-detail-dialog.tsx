import { onDemand, ShownOnce } from '@/lib/on-demand';
import type { AnnouncementDetailDialogProps } from './announcement-detail-view';

// The detail (a dialog with descriptions and the message's HTML) loads when one is first opened.
const view = onDemand(() => import('./announcement-detail-view'));

/** An announcement's detail (`announcement-detail-view.tsx`), downloaded when first opened. */
export function AnnouncementDetailDialog(props: AnnouncementDetailDialogProps) {
  return (
    <ShownOnce shown={props.id !== null}>
      <view.Component {...props} />
    </ShownOnce>
  );
}
