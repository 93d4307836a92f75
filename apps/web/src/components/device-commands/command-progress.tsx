import { type CommandRecord, DeviceCode, deviceCodeKey } from '@cellsight/contract';
import { Alert, Progress, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useCommand } from './use-command';

/** The device code's text in the console's language (spec section 8 device codes). */
export const useDeviceCodeText = () => {
  const { t } = useTranslation('device');
  return (code: number): string => t(deviceCodeKey(code).replace(/^device\./, ''), { defaultValue: String(code) });
};

const stepOf = { pending: 0, sent: 1, acknowledged: 2, failed: 2, timed_out: 2 } as const;

/**
 * Where a command is, read again as live events announce it (and polled while under way): pending →
 * sent → acknowledged, failed or timed out, and the device's answer in words.
 */
export function CommandProgress({ command: sent }: { command: CommandRecord }) {
  const { t } = useTranslation('commands');
  const codeText = useDeviceCodeText();
  const read = useCommand(sent.id);
  const command = read.data ?? sent;
  const { status, code } = command;
  // The texts name the device that answers: the battery, or the logger itself.
  const context = command.batterySn ? 'battery' : 'logger';
  const outcome = status === 'acknowledged' ? t('command.acknowledged') : status === 'failed' ? t('command.failed') : status === 'timed_out' ? t('command.timedOut') : t('command.answer');
  const answer = code === null ? null : `${codeText(code)} (${code})${command.message ? `: ${command.message}` : ''}`;
  if (command.op === 'upgrade') return <UpgradeProgress command={command} answer={answer} />;
  return (
    <div role="status" aria-label={t('command.progressLabel', { op: t(`command.op.${command.op}`) })}>
      <Steps
        size="small"
        current={stepOf[status]}
        status={status === 'failed' || status === 'timed_out' ? 'error' : status === 'acknowledged' ? 'finish' : 'process'}
        items={[{ title: t('command.pending') }, { title: t('command.sent'), content: formatDateTime(command.sentAt) }, { title: outcome, content: formatDateTime(command.finishedAt) }]}
        style={{ marginBottom: 12 }}
      />
      {status === 'acknowledged' && code === DeviceCode.OK && <Alert type="success" showIcon title={t('command.done', { op: t(`command.op.${command.op}`), context })} description={answer} />}
      {status === 'acknowledged' && code !== null && code !== DeviceCode.OK && <Alert type="warning" showIcon title={answer} />}
      {status === 'failed' && <Alert type="error" showIcon title={t('command.refused', { op: t(`command.op.${command.op}`), context })} description={answer ?? command.message} />}
      {status === 'timed_out' && <Alert type="error" showIcon title={t('command.noAnswer', { context })} />}
      {command.late && <Alert type="info" showIcon title={t('command.late', { context })} style={{ marginTop: 8 }} />}
    </div>
  );
}

/**
 * An upgrade's way (device protocol section 10): downloading with its percentage, installing, then
 * succeeded, or failed, download failed or timed out (spec section 8 upgrade texts).
 */
function UpgradeProgress({ command, answer }: { command: CommandRecord; answer: string | null }) {
  const { t } = useTranslation('commands');
  const context = command.batterySn ? 'battery' : 'logger';
  const state = command.upgradeState ?? (command.status === 'timed_out' ? 'timeout' : null);
  const finished = command.finishedAt !== null;
  const failed = command.status === 'failed' || command.status === 'timed_out';
  const stage = state === null ? (command.status === 'pending' ? t('command.pending') : t('command.sent')) : t(`upgrade.state.${state}`);
  return (
    <div role="status" aria-label={t('command.progressLabel', { op: t('command.op.upgrade') })}>
      <Progress
        percent={Math.round(command.progress ?? (state === 'succeeded' ? 100 : 0))}
        status={failed ? 'exception' : state === 'succeeded' ? 'success' : 'active'}
        aria-label={t('upgrade.percent')}
        style={{ maxWidth: 480 }}
      />
      <div style={{ margin: '4px 0 12px' }}>{stage}</div>
      {finished && state === 'succeeded' && <Alert type="success" showIcon title={t('upgrade.succeeded', { context })} />}
      {finished && failed && <Alert type="error" showIcon title={t(`upgrade.failure.${state === 'download_failed' || state === 'timeout' ? state : 'failed'}`)} description={answer ?? command.message} />}
      {command.late && <Alert type="info" showIcon title={t('command.late', { context })} style={{ marginTop: 8 }} />}
    </div>
  );
}
