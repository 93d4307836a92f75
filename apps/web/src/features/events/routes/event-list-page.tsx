import { CheckOutlined } from '@ant-design/icons';
import { type EventRecord, type Language, Permission, eventAcknowledgeMax, eventCodes, eventNameOf, eventResource } from '@cellsight/contract';
import { AutoComplete, Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StationSelect } from '@/components/pickers/station-select';
import { ResourcePage } from '@/kit/resource-page';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { SearchField } from '@/kit/list-state';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { AcknowledgeDialog } from '../components/acknowledge-dialog';
import { EventAdvice, EventCodeCell } from '../components/event-code-cell';
import { EventTypeTag } from '../components/event-type-tag';
import { formatEventDuration } from '../lib/event-duration';

const search: readonly SearchField[] = [
  { field: 'type' },
  { field: 'code' },
  { field: 'category' },
  { field: 'stationId' },
  { field: 'loggerGsn', rule: 'like' },
  { field: 'batterySn', rule: 'like' },
  { field: 'open' },
  { field: 'beginTime', range: true },
];

/** The battery's readings when the event opened, in one line; nothing for a logger event. */
const startReadings = (event: EventRecord): string =>
  [formatNumber(event.startSoc, 1, ' %'), formatNumber(event.startVoltage, 1, ' V'), formatNumber(event.startCurrent, 1, ' A'), formatNumber(event.startPower, 0, ' W'), formatNumber(event.startTemperature, 1, ' °C')]
    .filter(Boolean)
    .join(' · ');

type Dialog = { ids: string[]; open: boolean; clear?: () => void } | null;

/**
 * Events (spec route site-events): every battery and logger event of the stations the user sees,
 * newest first, with what the code means and what to do, how long it lasted, the battery's readings
 * when it began and who acknowledged it. New events and acknowledgements elsewhere arrive live.
 */
export default function EventListPage() {
  const { t, i18n } = useTranslation('events');
  const language = i18n.language as Language;
  const demo = useUserInfo()?.demo ?? false;
  // Display only: the server refuses acknowledging without the permission, and for demo accounts.
  const mayAcknowledge = useHasPermission(Permission.EventAcknowledge) && !demo;
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <>
      <ResourcePage
        resource={eventResource}
        columns={[
          { field: 'type', render: (event) => <EventTypeTag event={event} /> },
          { field: 'code', render: (event) => <EventCodeCell event={event} /> },
          'stationName',
          'loggerGsn',
          'batterySn',
          'beginTime',
          { field: 'endTime', render: (event) => (event.open ? <Tag color="processing">{t('list.stillOpen')}</Tag> : formatDateTime(event.endTime)) },
          { field: 'durationSeconds', title: t('list.duration'), render: (event) => formatEventDuration(event.durationSeconds, t) },
          { field: 'startSoc', title: t('list.startReadings'), render: startReadings },
          {
            field: 'acknowledgedTime',
            title: t('list.acknowledgement'),
            render: (event) =>
              event.acknowledgedTime ? (
                <Space orientation="vertical" size={0}>
                  <Typography.Text>
                    <CheckOutlined style={{ color: 'var(--ant-color-success)' }} /> {event.acknowledgedByName ?? t('list.formerUser')}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(event.acknowledgedTime)}
                  </Typography.Text>
                  {event.ackComment && (
                    <Tooltip title={event.ackComment}>
                      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220, fontSize: 12 }}>
                        {event.ackComment}
                      </Typography.Text>
                    </Tooltip>
                  )}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('list.notAcknowledged')}</Typography.Text>
              ),
          },
        ]}
        search={search}
        searchInputs={{
          code: <AutoComplete allowClear style={{ minWidth: 200 }} options={eventCodes.map((code) => ({ value: code, label: `${code} · ${eventNameOf(code, language)}` }))} filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())} />,
          stationId: <StationSelect />,
          open: (
            <Select
              allowClear
              style={{ minWidth: 120 }}
              options={[
                { value: 'true', label: t('list.open') },
                { value: 'false', label: t('list.ended') },
              ]}
            />
          ),
        }}
        expandable={{ expandedRowRender: (event) => <EventAdvice code={event.code} /> }}
        selectable={mayAcknowledge}
        rowActions={(event) =>
          mayAcknowledge && !event.acknowledgedTime ? (
            <Button type="link" size="small" onClick={() => setDialog({ ids: [event.id], open: true })}>
              {t('acknowledge.action')}
            </Button>
          ) : null
        }
        toolbar={({ selected, clear }) =>
          mayAcknowledge &&
          selected.length > 0 && (
            <Tooltip title={selected.length > eventAcknowledgeMax ? t('acknowledge.tooMany', { max: eventAcknowledgeMax }) : undefined}>
              <Button type="primary" icon={<CheckOutlined />} disabled={selected.length > eventAcknowledgeMax} onClick={() => setDialog({ ids: selected, open: true, clear })}>
                {t('acknowledge.selected', { count: selected.length })}
              </Button>
            </Tooltip>
          )
        }
      />
      {dialog && <AcknowledgeDialog ids={dialog.ids} open={dialog.open} onClose={() => setDialog((d) => d && { ...d, open: false })} onDone={dialog.clear} afterClose={() => setDialog(null)} />}
    </>
  );
}
