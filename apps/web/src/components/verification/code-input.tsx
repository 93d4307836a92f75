import type { SendCodeRequest } from '@cellsight/contract';
import { SafetyOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
// The text input alone (the sign-in page shows this field): antd's index brings TextArea, Search and OTP along.
import Input from 'antd/es/input/Input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, toast } from '@/lib/notify';
import { useSendCode } from './send-code';

interface Props {
  /** The form item's id, so its label names the code field. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /**
   * What to send the code for, read when the button is pressed: null when the form is not ready (the
   * caller shows why, e.g. by validating the contact field), so nothing is sent.
   */
  request: () => Promise<SendCodeRequest | null>;
  /** The button stays off until the slider check is passed, where a form has one. */
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The 6-digit code field with its send button, which counts down until another code may be asked for. */
export function CodeInput({ id, value, onChange, request, disabled, autoFocus }: Props) {
  const { t } = useTranslation('verification');
  const send = useSendCode();
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    if (waitUntil <= Date.now()) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitUntil]);

  const onSend = async () => {
    const body = await request();
    if (!body) return;
    send.mutate(body, {
      onSuccess: (result) => {
        setNow(Date.now());
        setWaitUntil(Date.now() + (result.resendAfterMs || 60_000));
        toast('success', t(body.mobile ? 'sentBySms' : 'sentByMail'));
      },
      onError: (error) => toast('error', errorMessage(error)),
    });
  };

  return (
    <Space.Compact block>
      <Input
        id={id}
        prefix={<SafetyOutlined />}
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, '').slice(0, 6))}
        placeholder={t('codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus={autoFocus}
      />
      <Button onClick={() => void onSend()} loading={send.isPending} disabled={disabled || secondsLeft > 0}>
        {secondsLeft > 0 ? t('resendIn', { seconds: secondsLeft }) : t('send')}
      </Button>
    </Space.Compact>
  );
}
