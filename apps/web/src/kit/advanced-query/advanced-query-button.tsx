import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface AdvancedQueryButtonProps {
  /** Conditions of the query in force; none means no advanced query is active. */
  count: number;
  onClick: () => void;
  /** The pointer or focus reached the button: a chance to load the builder before the click. */
  onIntent?: () => void;
}

/** Opens the advanced query builder; a badge counts the conditions in force. */
export function AdvancedQueryButton({ count, onClick, onIntent }: AdvancedQueryButtonProps) {
  const { t } = useTranslation('query');
  const active = count > 0;
  return (
    <Badge count={count} size="small">
      <Button type={active ? 'primary' : 'default'} icon={<FilterOutlined aria-hidden />} onClick={onClick} onPointerEnter={onIntent} onFocus={onIntent} aria-label={active ? t('buttonActive', { count }) : undefined}>
        {t('button')}
      </Button>
    </Badge>
  );
}
