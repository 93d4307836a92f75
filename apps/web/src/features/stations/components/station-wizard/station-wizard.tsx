import { Button, Flex, Form, Modal, Steps, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';
import { type RegionCode, currentRegion, storedRegionCode } from '@/lib/region';
import { useServerFeedback } from '@/lib/server-feedback';
import { useAddStation } from '../../api/add-station';
import { type LoggerRow, loggerListText, rowFieldErrorsOf, rowRefusalOf, useCheckProductCodes, useCheckStationLoggers } from '../../api/check-station-loggers';
import { useStationOwners } from '../../api/get-station-owners';
import { useTimeZones } from '../../api/get-time-zones';
import { StationDetailsForm, type StationDetailsValues, applyDetailsServerErrors, newStationDetails, newStationFields } from '../station-details-form';
import { LoggerRowsGrid, type LoggerRowsHandle } from './logger-rows-grid';
import { type CreatedStation, WizardCompletion } from './wizard-completion';

/**
 * The wizard's steps (spec section 4): 0 add loggers, 1 product registration codes (reached only
 * by going back from 2), 2 station details, 3 completion.
 */
type Step = 0 | 1 | 2 | 3;
/** The progress bar has three labels: steps 0 and 1 are both "Add Logger". */
const progressOf: Record<Step, number> = { 0: 0, 1: 0, 2: 1, 3: 2 };

export interface StationWizardProps {
  open: boolean;
  /** The main station of a new sub-station; a sub-station has no type, location or image of its own. */
  parentId?: string;
  /** Closed: with the new station's id after Confirm, without one when left before. */
  onClose: (createdId?: string) => void;
}

/** The region portal the console signed in through, sent as `?from=`. */
const useRegionCode = (): RegionCode | null => {
  const config = usePublicConfig();
  return config.data ? (currentRegion(config.data)?.code ?? null) : storedRegionCode();
};

/**
 * The full-screen station creation wizard (spec sections 2, 4 and 5), for main stations and, with
 * `parentId`, sub-stations. Closing it at any step forgets what was entered.
 */
export function StationWizard({ open, parentId, onClose }: StationWizardProps) {
  const { t } = useTranslation('stations');
  const [step, setStep] = useState<Step>(0);
  // A new wizard each time it opens: the content (and its forms) are made afresh.
  const [round, setRound] = useState(0);
  const close = (createdId?: string) => {
    setStep(0);
    setRound((value) => value + 1);
    onClose(createdId);
  };
  return (
    <Modal
      open={open}
      title={parentId ? t('wizard.subTitle') : t('wizard.title')}
      onCancel={() => close()}
      // Once created, Confirm is the way out (it takes the user to the new station).
      closable={step !== 3}
      keyboard={step !== 3}
      mask={{ closable: false }}
      footer={null}
      width="100%"
      destroyOnHidden
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{ container: { minHeight: '100vh', borderRadius: 0 } }}
    >
      <WizardContent key={round} step={step} setStep={setStep} parentId={parentId} onConfirm={close} />
    </Modal>
  );
}

interface WizardContentProps {
  step: Step;
  setStep: (step: Step) => void;
  parentId?: string;
  onConfirm: (createdId: string) => void;
}

function WizardContent({ step, setStep, parentId, onConfirm }: WizardContentProps) {
  const { t } = useTranslation('stations');
  const feedback = useServerFeedback();
  const region = useRegionCode();
  const main = !parentId;
  const rowsGrid = useRef<LoggerRowsHandle>(null);
  const [detailsForm] = Form.useForm<StationDetailsValues>();
  /** The rows as last checked: what the station is created with. */
  const [rows, setRows] = useState<LoggerRow[]>([]);
  // The details form (and its map) is made when first needed, then kept, so Back and Next keep its values.
  const [detailsShown, setDetailsShown] = useState(false);
  const [created, setCreated] = useState<CreatedStation | null>(null);
  const checkLoggers = useCheckStationLoggers();
  const checkCodes = useCheckProductCodes();
  const add = useAddStation();
  const owners = useStationOwners(detailsShown && main);
  const timeZones = useTimeZones(detailsShown);
  const busy = checkLoggers.isPending || checkCodes.isPending || add.isPending;

  const toDetails = (checked: LoggerRow[]) => {
    setRows(checked);
    setDetailsShown(true);
    setStep(2);
  };

  /** Marks the rows a refusal names, on the step that shows those fields; false when it names none. */
  const markRows = (error: unknown, sent: LoggerRow[]): boolean => {
    const refusal = rowRefusalOf(error, sent);
    const marks = refusal
      ? [{ row: refusal.row, field: refusal.field, message: t(`wizard.codes.${refusal.code}`, { val: sent[refusal.row]?.[refusal.field] ?? '' }) }]
      : rowFieldErrorsOf(error).filter((mark) => mark.row < sent.length);
    if (marks.length === 0) return false;
    // Step 1 shows only product codes; every other field is on step 0.
    if (step !== 1 || marks.some((mark) => mark.field !== 'product_code')) setStep(0);
    // After the step shows the grid's columns again.
    setTimeout(() => rowsGrid.current?.mark(marks), 0);
    return true;
  };

  const enteredRows = async (): Promise<LoggerRow[] | null> => (await rowsGrid.current?.validRows()) ?? null;

  /** Step 0 → 2: the loggers and their product codes are checked, the registration-code step is skipped. */
  const checkRows = async () => {
    const entered = await enteredRows();
    if (!entered) return;
    try {
      await checkLoggers.mutateAsync({ rows: entered, region });
      toDetails(entered);
    } catch (error) {
      if (!markRows(error, entered)) feedback.error(error);
    }
  };

  /** Step 1 → 2: changed product codes are checked again. */
  const recheckCodes = async () => {
    const entered = await enteredRows();
    if (!entered) return;
    try {
      await checkCodes.mutateAsync(entered);
      toDetails(entered);
    } catch (error) {
      if (!markRows(error, entered)) feedback.error(error);
    }
  };

  const save = async () => {
    let values: StationDetailsValues;
    try {
      values = await detailsForm.validateFields();
    } catch {
      return;
    }
    const request = {
      ...(newStationFields(values, main) as { name: string }),
      ...(main && values.masterId ? { masterId: values.masterId } : {}),
      ...(parentId ? { pid: parentId } : {}),
      logger: loggerListText(rows),
    };
    try {
      const id = await add.mutateAsync({ request, region });
      const owner = main ? (owners.data ?? []).find((candidate) => candidate.id === (values.masterId ?? owners.data?.[0]?.id)) : undefined;
      setCreated({
        id,
        name: request.name,
        sub: !main,
        ownerName: owner ? owner.realname || owner.username : null,
        timeZone: timeZones.data?.find((zone) => zone.dictId === values.timezone)?.text ?? null,
        address: main ? (values.address?.trim() ?? null) : null,
        rows,
      });
      setStep(3);
    } catch (error) {
      if (markRows(error, rows) || applyDetailsServerErrors(detailsForm, error)) return;
      feedback.error(error);
    }
  };

  const intro = { 0: t('wizard.intro.loggers'), 1: t('wizard.intro.codes'), 2: main ? t('wizard.intro.station') : t('wizard.intro.subStation'), 3: null }[step];
  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, margin: '0 auto', paddingTop: 8 }}>
      <Steps current={progressOf[step]} items={[{ title: t('wizard.steps.loggers') }, { title: t('wizard.steps.station') }, { title: t('wizard.steps.complete') }]} />
      {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      <div hidden={step > 1}>
        <LoggerRowsGrid ref={rowsGrid} mode={step === 1 ? 'codes' : 'loggers'} disabled={busy} />
      </div>
      {detailsShown && (
        <div hidden={step !== 2}>
          <StationDetailsForm form={detailsForm} main={main} chooseOwner={main} initialValues={newStationDetails} disabled={add.isPending} />
        </div>
      )}
      {step === 3 && created && <WizardCompletion station={created} onConfirm={() => onConfirm(created.id)} />}
      {step < 3 && (
        <Flex gap="small" justify="flex-end" wrap>
          {step > 0 && (
            <Button onClick={() => setStep(0)} disabled={busy}>
              {t('wizard.previous')}
            </Button>
          )}
          {step === 2 && (
            <Button onClick={() => setStep(1)} disabled={busy}>
              {t('wizard.editCodes')}
            </Button>
          )}
          {step === 0 && (
            <Button type="primary" loading={checkLoggers.isPending} onClick={() => void checkRows()}>
              {t('wizard.next')}
            </Button>
          )}
          {step === 1 && (
            <Button type="primary" loading={checkCodes.isPending} onClick={() => void recheckCodes()}>
              {t('wizard.next')}
            </Button>
          )}
          {step === 2 && (
            <Button type="primary" loading={add.isPending} onClick={() => void save()}>
              {t('wizard.save')}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
