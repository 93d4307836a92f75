import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/notify';
import { session } from '@/lib/session';
import { selectDepart } from '../api/select-depart';
import type { WorkplaceChoices } from '../utils/workplace-choices';

interface Values {
  orgCode?: string;
  tenantId?: number;
}

/**
 * A user with several departments or tenants chooses the one to work in: after sign-in (spec
 * section 6; cancelling signs out again), and later from the user menu.
 */
export function DepartSelectModal({ choices, onDone, onCancel }: { choices: WorkplaceChoices; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<Values>();
  const askDepart = choices.departs.length > 1;
  const askTenant = choices.tenantList.length > 1;

  const choose = useMutation({
    mutationFn: async (values: Values) => {
      if (askTenant && values.tenantId !== undefined) session.setTenantId(String(values.tenantId));
      if (askDepart && values.orgCode) {
        const userInfo = await selectDepart({ orgCode: values.orgCode, username: choices.username });
        session.setUserInfo(userInfo);
      }
    },
    onSuccess: onDone,
  });

  return (
    <Modal
      open
      title={t('choose.title')}
      okText={t('choose.submit')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={choose.isPending}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => choose.mutate(values)} initialValues={{ orgCode: choices.orgCode ?? undefined, tenantId: choices.tenantId }}>
        {askTenant && (
          <Form.Item name="tenantId" label={t('choose.tenant')} rules={[{ required: true, message: t('choose.tenantRequired') }]}>
            <Select options={choices.tenantList.map((tenant) => ({ value: tenant.id, label: tenant.name }))} />
          </Form.Item>
        )}
        {askDepart && (
          <Form.Item name="orgCode" label={t('choose.depart')} rules={[{ required: true, message: t('choose.departRequired') }]}>
            <Select options={choices.departs.map((depart) => ({ value: depart.orgCode, label: depart.departName }))} />
          </Form.Item>
        )}
        {choose.isError && <Alert type="error" showIcon title={errorMessage(choose.error)} />}
      </Form>
    </Modal>
  );
}
