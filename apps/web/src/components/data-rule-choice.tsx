import type { DataRuleChoice, Envelope } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useServerFeedback } from '@/lib/server-feedback';

export interface DataRuleChoiceProps {
  /** The menu's name, shown as the card's title. */
  menuTitle: string;
  /** Names this holder's choice on this menu in the query cache, e.g. `['role', roleId, permissionId]`. */
  choiceKey: readonly string[];
  /** Loads the menu's rules and the chosen ones, e.g. `dataRuleEndpoints.roleChoice`. */
  load: () => Promise<Envelope<DataRuleChoice>>;
  /** Saves the choice (the rule ids, comma-joined), e.g. `dataRuleEndpoints.saveRoleChoice`. */
  save: (dataRuleIds: string) => Promise<Envelope<null>>;
  /** Whether the holder's stored grants include the menu: a choice is saved only then. */
  granted: boolean;
}

/**
 * The data rules of one menu, ticked where a role (or a department, or a department role) applies
 * them: JeecgBoot's "data rule" tab of the authorisation tree. A rule narrows the holder's list rows.
 */
export function DataRuleChoicePanel({ menuTitle, choiceKey, load, save, granted }: DataRuleChoiceProps) {
  const { t } = useTranslation('data-rules');
  const queryKey = ['data-rule-choice', ...choiceKey];
  const choice = useQuery({ queryKey, queryFn: async () => (await load()).result, gcTime: 0 });
  return (
    <Card size="small" title={t('choice.title', { name: menuTitle })}>
      {choice.isError ? (
        <LoadErrorAlert error={choice.error} onRetry={() => void choice.refetch()} />
      ) : !choice.data ? (
        <Spin />
      ) : choice.data.datarule.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('choice.none')} />
      ) : (
        <ChoiceForm key={choice.data.drChecked} choice={choice.data} queryKey={queryKey} save={save} granted={granted} />
      )}
    </Card>
  );
}

function ChoiceForm({ choice, queryKey, save: saveChoice, granted }: { choice: DataRuleChoice; queryKey: readonly string[]; save: DataRuleChoiceProps['save']; granted: boolean }) {
  const { t } = useTranslation('data-rules');
  const { t: common } = useTranslation();
  const feedback = useServerFeedback();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<string[]>(() => choice.drChecked.split(',').filter(Boolean));
  const save = useMutation({
    mutationFn: () => saveChoice(checked.join(',')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
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
