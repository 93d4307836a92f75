import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Search (submits the form) and Reset buttons that end every search bar. */
export function SearchActions({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search')}
        </Button>
        <Button onClick={onReset} icon={<ReloadOutlined />}>
          {t('reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}
