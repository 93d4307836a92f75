import { type SendCodeRequest, type SmsMode, fields } from '@cellsight/contract';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Form, type FormInstance, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '@/lib/contract-rules';

export type ContactType = 'phone' | 'email';
export interface ContactValues {
  contactType: ContactType;
  phone?: string;
  email?: string;
}

/** The chosen contact as the wire carries it: `{ phone }` or `{ email }`. */
export const contactOf = (values: ContactValues): { phone: string } | { email: string } =>
  values.contactType === 'email' ? { email: (values.email ?? '').trim() } : { phone: (values.phone ?? '').trim() };

/**
 * What the code button sends for the chosen contact (`smsmode` says what for), once the contact
 * fields are valid; null (nothing sent, the fields say why) otherwise.
 */
export const contactCodeRequest =
  <Values extends ContactValues>(form: FormInstance<Values>, smsmode: SmsMode) =>
  async (): Promise<SendCodeRequest | null> => {
    try {
      const values = (await form.validateFields(['contactType', 'phone', 'email'])) as ContactValues;
      return { ...(values.contactType === 'email' ? { email: values.email } : { mobile: values.phone }), smsmode };
    } catch {
      return null;
    }
  };

/** Mobile number or e-mail address, whichever the visitor chooses to receive codes at. */
export function ContactFields({ label }: { label?: string }) {
  const { t } = useTranslation(['self-service', 'validation']);
  const form = Form.useFormInstance<ContactValues>();
  const type = Form.useWatch('contactType', form) ?? 'phone';
  return (
    <>
      <Form.Item name="contactType" label={label ?? t('contactType')} initialValue="phone">
        <Radio.Group optionType="button" options={[{ value: 'phone', label: t('byMobile') }, { value: 'email', label: t('byEmail') }]} />
      </Form.Item>
      {type === 'phone' ? (
        <Form.Item name="phone" label={t('mobile')} rules={[contractRule(fields.mobile, t, 'mobile')]}>
          <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" placeholder={t('mobilePlaceholder')} />
        </Form.Item>
      ) : (
        <Form.Item name="email" label={t('email')} rules={[contractRule(fields.email, t, 'email')]}>
          <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" placeholder={t('emailPlaceholder')} />
        </Form.Item>
      )}
    </>
  );
}
