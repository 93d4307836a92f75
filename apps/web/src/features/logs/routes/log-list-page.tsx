import { type Language, LogType, type LogTypeValue, logResource, wordsIn } from '@cellsight/contract';
import { Card, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LogList } from '../components/log-list';
import { LogStats } from '../components/log-stats';

const tabs = [
  { logType: LogType.Login, label: 'tabs.login' },
  { logType: LogType.Operation, label: 'tabs.operation' },
] as const;

/**
 * System administration: logs (JeecgBoot LogList): the sign-in counters, then the login and the
 * operation log in two tabs. Only the open tab's list is shown and keeps its page and filters in
 * the URL; switching tabs starts the other list afresh.
 */
export default function LogListPage() {
  const { t, i18n } = useTranslation('logs');
  const [logType, setLogType] = useState<LogTypeValue>(LogType.Login);
  const [, setSearchParams] = useSearchParams();
  const open = (key: string) => {
    setLogType(Number(key) as LogTypeValue);
    setSearchParams(new URLSearchParams());
  };
  return (
    <Flex vertical gap={16}>
      <LogStats />
      <Card title={wordsIn(logResource.title, i18n.language as Language)}>
        <Tabs
          activeKey={String(logType)}
          onChange={open}
          items={tabs.map((tab) => ({ key: String(tab.logType), label: t(tab.label), children: tab.logType === logType ? <LogList key={tab.logType} logType={tab.logType} /> : null }))}
        />
      </Card>
    </Flex>
  );
}
