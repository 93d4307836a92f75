import type { EventRecord } from '@cellsight/contract';
import { Tag } from 'antd';

/** Worst in the strongest colour: a fault red, a protection orange, a warning gold, a normal event blue. */
const colours: Record<EventRecord['type'], string> = { fault: 'red', protect: 'volcano', warning: 'gold', normal: 'blue' };

export function EventTypeTag({ event }: { event: Pick<EventRecord, 'type' | 'type_dictText'> }) {
  return <Tag color={colours[event.type]}>{event.type_dictText ?? event.type}</Tag>;
}
