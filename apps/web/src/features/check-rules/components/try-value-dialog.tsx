import { type CheckRuleFailure, type CheckRuleRecord, checkRuleEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';

type Outcome = { passed: true } | { passed: false; message: string; failure: CheckRuleFailure | null };

/** Tries a value against a saved rule on the server (`checkByCode`): passes, or the failing rule's message and the part it read. */
export function TryValueDialog({ rule, onClose }: { rule: CheckRuleRecord | null; onClose: () => void }) {
  const { t } = useTranslation('check-rules');
  const [value, setValue] = useState('');
  const check = useMutation({
    mutationFn: async (tried: string): Promise<Outcome> => {
      try {
        await api.call(checkRuleEndpoints.checkByCode, { query: { ruleCode: rule?.ruleCode ?? '', value: tried } });
        return { passed: true };
      } catch (error) {
        const failure = error instanceof ApiError && error.result && typeof error.result === 'object' && 'checkValue' in error.result ? (error.result as CheckRuleFailure) : null;
        // A failed rule's own message is the answer; anything else (unknown code, network) the usual text.
        return { passed: false, message: failure ? failure.message : errorMessage(error), failure };
      }
    },
  });
  const outcome = check.data;
  return (
    <Modal
      open={rule !== null}
      title={t('try.title', { name: rule?.ruleName ?? '' })}
      footer={null}
      onCancel={onClose}
      afterClose={() => {
        setValue('');
        check.reset();
      }}
      destroyOnHidden
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input aria-label={t('try.value')} placeholder={t('try.value')} value={value} maxLength={200} onChange={(event) => setValue(event.target.value)} onPressEnter={() => check.mutate(value)} />
        <Button type="primary" loading={check.isPending} onClick={() => check.mutate(value)}>
          {t('try.check')}
        </Button>
      </Space.Compact>
      {outcome && (
        <Alert
          style={{ marginTop: 12 }}
          showIcon
          type={outcome.passed ? 'success' : 'error'}
          message={outcome.passed ? t('try.passed') : outcome.message}
          description={
            !outcome.passed && outcome.failure
              ? outcome.failure.beginIndex === undefined
                ? t('try.wholeValue', { pattern: outcome.failure.pattern })
                : t('try.part', { part: outcome.failure.checkValue, from: outcome.failure.beginIndex + 1, to: outcome.failure.endIndex, pattern: outcome.failure.pattern })
              : undefined
          }
        />
      )}
    </Modal>
  );
}
