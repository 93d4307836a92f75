import { type CheckRuleRecord, checkRuleResource } from '@cellsight/contract';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { CheckRuleRowsEditor } from '../components/check-rule-rows-editor';
import { TryValueDialog } from '../components/try-value-dialog';

/** System administration: check rules (spec section 7), the kit's screen with a rows editor and a "try a value" box. */
export default function CheckRuleListPage() {
  const { t } = useTranslation('check-rules');
  const [trying, setTrying] = useState<CheckRuleRecord | null>(null);
  return (
    <>
      <ResourcePage
        resource={checkRuleResource}
        columns={['ruleName', 'ruleCode', 'ruleDescription', 'createTime']}
        search={[{ field: 'ruleName', rule: 'like' }, { field: 'ruleCode', rule: 'like' }]}
        form={{
          fields: ['ruleName', 'ruleCode', 'ruleJson', 'ruleDescription'],
          inputs: { ruleJson: <CheckRuleRowsEditor />, ruleDescription: <Input.TextArea rows={2} /> },
          initialValues: { ruleJson: JSON.stringify([{ digits: '*', pattern: '', message: '' }]) },
          wide: ['ruleJson', 'ruleDescription'],
        }}
        rowActions={(rule) => (
          <Button type="link" size="small" onClick={() => setTrying(rule)}>
            {t('try.action')}
          </Button>
        )}
      />
      <TryValueDialog rule={trying} onClose={() => setTrying(null)} />
    </>
  );
}
