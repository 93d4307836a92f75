import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SavedQuery } from './types';

interface SavedQueryListProps {
  queries: SavedQuery[];
  onSelect: (query: SavedQuery) => void;
  onDelete: (query: SavedQuery) => void;
}

/** The screen's saved queries: a name runs its query, the bin beside it deletes it. */
export function SavedQueryList({ queries, onSelect, onDelete }: SavedQueryListProps) {
  const { t } = useTranslation('query');
  return (
    <section aria-label={t('saved.title')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('saved.title')}
      </Typography.Title>
      {queries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('saved.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {queries.map((query) => (
            <li key={query.title}>
              <Flex align="center" gap={4}>
                <Button type="link" title={query.title} onClick={() => onSelect(query)} style={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', paddingInline: 0 }}>
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{query.title}</span>
                </Button>
                <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('saved.delete', { name: query.title })} onClick={() => onDelete(query)} />
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
