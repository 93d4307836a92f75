import { CheckOutlined } from '@ant-design/icons';
import { type Language, type TicketHandlerAction, type TicketRecord, type TicketThread, ticketResource, ticketStatuses, wordsIn } from '@cellsight/contract';
import { App, Button, Card, Descriptions, Flex, Rate, Steps, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DictTag } from '@/components/dict-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageLoading } from '@/components/page-loading';
import { RecordNotFound } from '@/components/record-not-found';
import { ApiError } from '@/lib/api-client';
import { stationDetailPath } from '@/lib/console-paths';
import { formatDateTime } from '@/lib/format';
import { useServerFeedback } from '@/lib/server-feedback';
import { useTicket, useTicketActions, useTicketThread } from '../api/ticket-api';
import { useTicketLiveRefresh } from '../api/use-ticket-live-refresh';
import { AttachmentList } from '../components/attachment-list';
import { CloseTicketDialog } from '../components/close-ticket-dialog';
import { ReplyForm } from '../components/reply-form';
import { worklistPaths } from '../lib/worklist-paths';

/** Where the ticket is on its way (spec section 4): completed is the last step. */
function TicketSteps({ ticket }: { ticket: TicketRecord }) {
  const { t } = useTranslation('worklist');
  const current = ticketStatuses.indexOf(ticket.status);
  return (
    <Steps
      size="small"
      current={current}
      status={ticket.status === 'completed' ? 'finish' : 'process'}
      items={ticketStatuses.map((status) => ({ title: t(`status.${status}`) }))}
    />
  );
}

/** The handler's next move, the submitter's close (after the spec's confirmation), as the server allows them now. */
function TicketActions({ ticket, thread }: { ticket: TicketRecord; thread: TicketThread }) {
  const { t } = useTranslation('worklist');
  const { modal } = App.useApp();
  const feedback = useServerFeedback();
  const { transition } = useTicketActions();
  const [closing, setClosing] = useState(false);

  const move = async (action: TicketHandlerAction) => {
    try {
      feedback.success(await transition.mutateAsync({ id: ticket.id, action }), t(`actions.${action}Done`));
    } catch (error) {
      feedback.error(error);
    }
  };

  const confirmClose = () =>
    modal.confirm({
      title: t('close.confirmTitle'),
      content: t('close.confirm'),
      okText: t('close.confirmOk'),
      cancelText: t('common:cancel'),
      onOk: () => setClosing(true),
    });

  if (thread.actions.length === 0 && !thread.canClose) return null;
  return (
    <Flex gap="small" wrap>
      {thread.actions.map((action) => (
        <Button key={action} type="primary" icon={<CheckOutlined />} loading={transition.isPending} onClick={() => void move(action)}>
          {t(`actions.${action}`)}
        </Button>
      ))}
      {thread.canClose && (
        <Button danger onClick={confirmClose}>
          {t('close.button')}
        </Button>
      )}
      <CloseTicketDialog ticketId={ticket.id} open={closing} onClose={() => setClosing(false)} />
    </Flex>
  );
}

/** Replies and moves, oldest first. */
function TicketTimeline({ thread }: { thread: TicketThread }) {
  const { t } = useTranslation('worklist');
  return (
    <Timeline
      items={thread.entries.map((entry) => ({
        key: entry.id,
        color: entry.action === null ? 'blue' : entry.status === 'completed' ? 'green' : 'gray',
        children: (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">
              {entry.authorName ?? t('thread.unknownAuthor')} · {formatDateTime(entry.createTime)}
              {entry.action && <Tag style={{ marginInlineStart: 8 }}>{t(`thread.${entry.action}`)}</Tag>}
            </Typography.Text>
            {entry.content && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{entry.content}</Typography.Paragraph>}
            <AttachmentList paths={entry.attachments} />
          </Flex>
        ),
      }))}
    />
  );
}

function TicketView({ ticket, thread }: { ticket: TicketRecord; thread: TicketThread }) {
  const { t, i18n } = useTranslation('worklist');
  const label = (field: keyof typeof ticketResource.labels) => wordsIn(ticketResource.labels[field]!, i18n.language as Language);
  return (
    <Flex vertical gap="middle">
      <Card
        title={
          <Flex align="center" gap="small" wrap>
            <span>
              {ticket.orderNo} · {ticket.title}
            </span>
            <DictTag code="ticket_state" value={ticket.status} text={ticket.status_dictText} />
          </Flex>
        }
        extra={<TicketActions ticket={ticket} thread={thread} />}
      >
        <Flex vertical gap="large">
          <TicketSteps ticket={ticket} />
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label={label('category')}>
              <DictTag code="ticket_category" value={ticket.category} text={ticket.category_dictText} />
            </Descriptions.Item>
            <Descriptions.Item label={label('stationName')}>{ticket.stationName ? <Link to={stationDetailPath(ticket.stationId)}>{ticket.stationName}</Link> : '—'}</Descriptions.Item>
            <Descriptions.Item label={label('submitterName')}>{ticket.submitterName ?? ticket.createBy ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={label('contact')}>{ticket.contact}</Descriptions.Item>
            <Descriptions.Item label={label('contact_mobile')}>{ticket.contact_mobile}</Descriptions.Item>
            <Descriptions.Item label={label('createTime')}>{formatDateTime(ticket.createTime)}</Descriptions.Item>
            {ticket.status === 'completed' && (
              <>
                <Descriptions.Item label={label('closeTime')}>{formatDateTime(ticket.closeTime)}</Descriptions.Item>
                <Descriptions.Item label={label('resolved')}>{ticket.resolved ? t('close.yes') : t('close.no')}</Descriptions.Item>
                <Descriptions.Item label={label('speedRating')}>
                  <Rate disabled value={ticket.speedRating ?? 0} />
                </Descriptions.Item>
                <Descriptions.Item label={label('attitudeRating')}>
                  <Rate disabled value={ticket.attitudeRating ?? 0} />
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          <div>
            <Typography.Title level={5}>{label('description')}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{ticket.description}</Typography.Paragraph>
            <AttachmentList paths={ticket.attachments} />
          </div>
        </Flex>
      </Card>
      <Card title={t('thread.title')}>
        <TicketTimeline thread={thread} />
        {thread.canReply && <ReplyForm ticketId={ticket.id} />}
      </Card>
    </Flex>
  );
}

/**
 * A ticket (spec worklist-detail, `/worklist/detail?id=`): its fields, where it is on its way, the
 * thread of replies and moves, replying with files, the handler's next move and the submitter's
 * close with the rating. Changes from the other side arrive live.
 */
export default function TicketDetailPage() {
  const { t } = useTranslation('worklist');
  const id = useSearchParams()[0].get('id') ?? '';
  const ticket = useTicket(id);
  const thread = useTicketThread(id);
  useTicketLiveRefresh();

  const notFound = <RecordNotFound title={t('detail.notFound')} hint={t('detail.notFoundHint')} backTo={worklistPaths.list} backLabel={t('detail.backToList')} />;
  if (id === '') return notFound;
  const failed = ticket.error ?? thread.error;
  if (failed instanceof ApiError && failed.status === 404) return notFound;
  if (failed) return <LoadErrorAlert error={failed} onRetry={() => void Promise.all([ticket.refetch(), thread.refetch()])} />;
  if (!ticket.data || !thread.data) return <PageLoading />;
  return <TicketView ticket={ticket.data} thread={thread.data} />;
}
