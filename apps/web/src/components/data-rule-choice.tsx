import type { DataRuleChoice } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { api } from '@/lib/api-client';
import { useServerFeedback } from '@/lib/server-feedback';

export interface DataRuleChoiceProps {
  /** The menu's name, shown as the card's title. */
  menuTitle: string;
  /** `GET` of the menu's rules and the chosen ones, e.g. `/sys/role/datarule/{permissionId}/{roleId}`. */
  loadUrl: string;
  /** `POST` of the choice, with `body` and `dataRuleIds`. */
  saveUrl: string;
  body: Record<string, string>;
  /** Whether the holder's stored grants include the menu: a choice is saved only then. */
  granted: boolean;
}

/**
 * The data rules of one menu, ticked where a role (or a department, or a department role) applies
 * them: JeecgBoot's "data rule" tab of the authorisation tree. A rule narrows the holder's list rows.
 */
export function DataRuleChoicePanel({ menuTitle, loadUrl, saveUrl, body, granted }: DataRuleChoiceProps) {
  const { t } = useTranslation('data-rules');
  const choice = useQuery({ queryKey: ['data-rule-choice', loadUrl], queryFn: async () => (await api.get<DataRuleChoice>(loadUrl)).result, gcTime: 0 });
  return (
    <Card size="small" title={t('choice.title', { name: menuTitle })}>
      {choice.isError ? (
        <LoadErrorAlert error={choice.error} onRetry={() => void choice.refetch()} />
      ) : !choice.data ? (
        <Spin />
      ) : choice.data.datarule.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('choice.none')} />
      ) : (
        <ChoiceForm key={choice.data.drChecked} choice={choice.data} loadUrl={loadUrl} saveUrl={saveUrl} body={body} granted={granted} />
      )}
    </Card>
  );
}

function ChoiceForm({ choice, loadUrl, saveUrl, body, granted }: { choice: DataRuleChoice; loadUrl: string; saveUrl: string; body: Record<string, string>; granted: boolean }) {
  const { t } = useTranslation('data-rules');
  const { t: common } = useTranslation();
  const feedback = useServerFeedback();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<string[]>(() => choice.drChecked.split(',').filter(Boolean));
  const save = useMutation({
    mutationFn: () => api.post<null>(saveUrl, { ...body, dataRuleIds: checked.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['data-rule-choice', loadUrl] }),
  });
  const submit = async () => {
    try {
      feedback.success(await save.mutateAsync(), t('choice.saved'));
    } catch (error) {
      feedback.error(error);
    }
  };
  return (
    <Flex vertical gap={12}>
      {!granted && <Alert type="info" showIcon title={t('choice.saveGrantsFirst')} />}
      <Checkbox.Group value={checked} onChange={(values) => setChecked(values.map(String))}>
        <Flex vertical gap={4}>
          {choice.datarule.map((rule) => (
            <Checkbox key={rule.id} value={rule.id} disabled={rule.status !== '1'}>
              {rule.ruleName}{' '}
              <Typography.Text type="secondary" code>
                {rule.ruleColumn} {rule.ruleConditions} {rule.ruleValue}
              </Typography.Text>
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
      <Flex justify="end">
        <Button type="primary" size="small" disabled={!granted} loading={save.isPending} onClick={() => void submit()}>
          {common('save')}
        </Button>
      </Flex>
    </Flex>
  );
}
