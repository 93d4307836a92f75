import { PoweroffOutlined, ReloadOutlined } from '@ant-design/icons';
import { type BatteryRecord, type CommandRecord, Permission } from '@cellsight/contract';
import { Button, Modal, Popconfirm, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '@/lib/permissions';
import { useServerFeedback } from '@/lib/server-feedback';
import { useUserInfo } from '@/lib/use-session';
import { CommandProgress, useOperateDevice } from '@/components/device-commands';

type PowerOp = 'restart' | 'shutdown';

/**
 * Restart and shutdown of a battery, each only with its permission (never for a demo account) and
 * each after a confirmation; the command's progress then shows in a dialog.
 */
export function DeviceActions({ battery }: { battery: BatteryRecord }) {
  const { t } = useTranslation('batteries');
  const feedback = useServerFeedback();
  const demo = useUserInfo()?.demo ?? false;
  const may = { restart: useHasPermission(Permission.CommandRestart) && !demo, shutdown: useHasPermission(Permission.CommandShutdown) && !demo };
  const operate = useOperateDevice();
  const [command, setCommand] = useState<CommandRecord | null>(null);

  const send = async (op: PowerOp) => {
    try {
      setCommand(await operate.mutateAsync({ gsno: battery.loggerGsn, op, batterySn: battery.batterySn, val: '' }));
    } catch (error) {
      feedback.error(error);
    }
  };

  const button = (op: PowerOp, icon: ReactNode) =>
    may[op] && (
      <Popconfirm
        title={t(`power.${op}Title`)}
        description={t(`power.${op}Confirm`, { batterySn: battery.batterySn })}
        okText={t(`power.${op}`)}
        okButtonProps={{ danger: op === 'shutdown' }}
        onConfirm={() => send(op)}
      >
        <Button icon={icon} danger={op === 'shutdown'} loading={operate.isPending && operate.variables.op === op}>
          {t(`power.${op}`)}
        </Button>
      </Popconfirm>
    );

  if (!may.restart && !may.shutdown) return null;
  return (
    <>
      <Space>
        {button('restart', <ReloadOutlined />)}
        {button('shutdown', <PoweroffOutlined />)}
      </Space>
      <Modal open={command !== null} title={command ? t(`commands:command.op.${command.op}`) : undefined} footer={null} onCancel={() => setCommand(null)} destroyOnHidden>
        {command && <CommandProgress key={command.id} command={command} />}
      </Modal>
    </>
  );
}
