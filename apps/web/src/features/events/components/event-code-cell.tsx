import { InfoCircleOutlined } from '@ant-design/icons';
import { type EventRecord, type Language, eventCategoryNameOf, eventEntryOf, wordsIn } from '@cellsight/contract';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The code with its readable name in the console's language, and the catalogue's advice on hover; a code of other firmware shows as sent. */
export function EventCodeCell({ event }: { event: Pick<EventRecord, 'code' | 'category'> }) {
  const { t, i18n } = useTranslation('events');
  const language = i18n.language as Language;
  const entry = eventEntryOf(event.code);
  return (
    <Flex vertical gap={0}>
      <Flex gap={4} align="center">
        <Typography.Text strong>{entry ? wordsIn(entry.name, language) : event.code}</Typography.Text>
        {entry && (
          <Tooltip title={wordsIn(entry.advice, language)}>
            <InfoCircleOutlined aria-label={t('list.advice')} style={{ color: 'var(--ant-color-text-tertiary)' }} />
          </Tooltip>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {entry ? `${event.code} · ` : ''}
        {eventCategoryNameOf(event.category, language)}
      </Typography.Text>
    </Flex>
  );
}

/** The advice of a known code, for the expanded row; null for other firmware's codes. */
export function EventAdvice({ code }: { code: string }) {
  const { t, i18n } = useTranslation('events');
  const entry = eventEntryOf(code);
  if (!entry) return <Typography.Text type="secondary">{t('list.noAdvice')}</Typography.Text>;
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      <Typography.Text strong>{t('list.advice')}: </Typography.Text>
      {wordsIn(entry.advice, i18n.language as Language)}
    </Typography.Paragraph>
  );
}
