import { type FillRuleRecord, type Language, fillRuleClasses, fillRuleClassNames, fillRuleEndpoints, fillRuleResource, wordsIn } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { api } from '@/lib/api-client';
import { useServerFeedback } from '@/lib/server-feedback';

/** System administration: fill rules (spec section 7), the kit's screen; a row's generator can be run to see its next value. */
export default function FillRuleListPage() {
  const { t, i18n } = useTranslation('fill-rules');
  const language = i18n.language as Language;
  const { modal } = App.useApp();
  const feedback = useServerFeedback();
  const execute = useMutation({ mutationFn: async (rule: FillRuleRecord) => (await api.call(fillRuleEndpoints.execute, { params: { ruleCode: rule.ruleCode }, body: {} })).result });
  const classOptions = fillRuleClasses.map((value) => ({ value, label: wordsIn(fillRuleClassNames[value], language) }));
  return (
    <ResourcePage
      resource={fillRuleResource}
      columns={['ruleName', 'ruleCode', { field: 'ruleClass', render: (rule) => wordsIn(fillRuleClassNames[rule.ruleClass], language) }, 'ruleParams', 'createTime']}
      search={[{ field: 'ruleName', rule: 'like' }, { field: 'ruleCode', rule: 'like' }]}
      form={{
        fields: ['ruleName', 'ruleCode', 'ruleClass', 'ruleParams'],
        inputs: { ruleClass: <Select options={classOptions} />, ruleParams: <Input.TextArea rows={3} placeholder={t('paramsPlaceholder')} /> },
        wide: ['ruleParams'],
      }}
      rowActions={(rule) => (
        // Running takes the next number of the rule's counter: said before it happens.
        <Popconfirm
          title={t('run.confirm')}
          onConfirm={async () => {
            try {
              const value = await execute.mutateAsync(rule);
              modal.info({ title: t('run.result', { name: rule.ruleName }), content: value });
            } catch (error) {
              feedback.error(error);
            }
          }}
        >
          <Button type="link" size="small">
            {t('run.action')}
          </Button>
        </Popconfirm>
      )}
    />
  );
}
