import { Permission } from '@cellsight/contract';
import { SwapOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useHasPermission } from '@/lib/permissions';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useUserInfo } from '@/lib/use-session';
import { useMoveBattery } from '../api/move-battery';
import { loggerSnRule } from '../lib/logger-sn-rule';

interface MoveBatteryValues {
  gsn: string;
}

interface MoveBatteryDialogProps {
  batterySn: string;
  /** The logger that has the battery now. */
  gsn: string;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/** The server's words when the target logger has the battery already (it names the field `gsn`). */
const alreadyThere = /already belongs to logger/;

/**
 * An administrator gives a battery (pack) to another logger, because the pack was moved: from then
 * on only the new logger's samples of it are stored. The target's SN is checked by the contract's
 * rule; the server's refusals (no such logger among the caller's, the same logger) go on the field.
 */
export function MoveBatteryDialog({ batterySn, gsn, open, onClose, afterClose }: MoveBatteryDialogProps) {
  const { t } = useTranslation('loggers');
  const { message } = App.useApp();
  const [form] = Form.useForm<MoveBatteryValues>();
  const feedback = useServerFeedback();
  const move = useMoveBattery();

  const submit = async (values: MoveBatteryValues) => {
    const target = values.gsn.trim();
    try {
      await move.mutateAsync({ batterySn, gsn: target });
      void message.success(t('moveBattery.done', { batterySn, gsn: target }));
      onClose();
    } catch (error) {
      const onField = error instanceof ApiError && error.errors.some((e) => e.field === 'gsn');
      if (onField && error.status === 404) form.setFields([{ name: 'gsn', errors: [t('moveBattery.notFound', { gsn: target })] }]);
      else if (onField && error.errors.some((e) => alreadyThere.test(e.message))) form.setFields([{ name: 'gsn', errors: [t('moveBattery.sameLogger')] }]);
      else if (!applyServerFieldErrors(form, error, ['gsn'])) feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('moveBattery.title', { batterySn })}
      width={480}
      onCancel={onClose}
      afterClose={afterClose}
      okText={t('moveBattery.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'move-battery', loading: move.isPending, danger: true }}
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon title={t('moveBattery.intro', { gsn })} style={{ marginBottom: 16 }} />
      <Form form={form} name="move-battery" layout="vertical" onFinish={submit} disabled={move.isPending}>
        <Form.Item label={t('moveBattery.currentLogger')}>
          <Typography.Text strong>{gsn}</Typography.Text>
        </Form.Item>
        <Form.Item
          name="gsn"
          label={t('moveBattery.target')}
          required
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('moveBattery.targetRequired') },
            loggerSnRule(t),
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && value.trim() === gsn) throw new Error(t('moveBattery.sameLogger'));
              },
            },
          ]}
        >
          <Input placeholder={t('moveBattery.targetPlaceholder')} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A battery row's action: opens the dialog. Shown only with the permission (administrators) and
 * never to the demo account; display only, the server refuses the call all the same.
 */
export function MoveBatteryAction({ batterySn, gsn }: { batterySn: string; gsn: string }) {
  const { t } = useTranslation('loggers');
  const allowed = useHasPermission(Permission.BatteryMove);
  const demo = useUserInfo()?.demo ?? false;
  const [dialog, setDialog] = useState<'closed' | 'open' | 'closing'>('closed');
  if (!allowed || demo) return null;
  return (
    <>
      <Button type="link" icon={<SwapOutlined />} onClick={() => setDialog('open')} aria-label={t('moveBattery.open', { batterySn })}>
        {t('moveBattery.action')}
      </Button>
      {dialog !== 'closed' && (
        <MoveBatteryDialog batterySn={batterySn} gsn={gsn} open={dialog === 'open'} onClose={() => setDialog('closing')} afterClose={() => setDialog('closed')} />
      )}
    </>
  );
}
