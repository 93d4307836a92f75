import { jobEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Input, InputNumber, Radio, Select, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import {
  type CommonMode,
  type CronPartName,
  type CronState,
  type DayMode,
  type WeekMode,
  cronBounds,
  cronParts,
  defaultCronState,
  formatCron,
  nthBounds,
  parseCron,
  stepMax,
  withPart,
} from './cron-expression';

type AnyMode = CommonMode | DayMode | WeekMode;
type ModeName = AnyMode['mode'];

/** The modes each tab offers, in order (spec section 5: 1 every, 2 increment, 3 specific, 4 range, then the day's and week's own). */
const modesOf: Record<CronPartName, readonly ModeName[]> = {
  second: ['every', 'increment', 'specific', 'range'],
  minute: ['every', 'increment', 'specific', 'range'],
  hour: ['every', 'increment', 'specific', 'range'],
  day: ['none', 'every', 'increment', 'specific', 'range', 'lastDay', 'lastWeekday', 'beforeEnd', 'nearestWeekday'],
  month: ['every', 'increment', 'specific', 'range'],
  week: ['none', 'every', 'increment', 'specific', 'range', 'lastOf', 'nth'],
  year: ['every', 'increment', 'specific', 'range'],
};

/** A mode as first chosen: its numbers at the part's start. */
const freshMode = (part: CronPartName, mode: ModeName): AnyMode => {
  const { min } = cronBounds[part];
  switch (mode) {
    case 'increment':
      return { mode, start: min, step: 1 };
    case 'specific':
      return { mode, values: [min] };
    case 'range':
      return { mode, from: min, to: min + 1 };
    case 'beforeEnd':
      return { mode, days: 1 };
    case 'nearestWeekday':
      return { mode, day: 1 };
    case 'lastOf':
      return { mode, weekday: 6 };
    case 'nth':
      return { mode, weekday: 2, nth: 1 };
    default:
      return { mode } as AnyMode;
  }
};

/** When an expression fires next (the server's scheduler reads it, so both agree), asked a moment after typing stops. */
const useNextFireTimes = (expression: string) => {
  const [settled, setSettled] = useState(expression);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(expression), 300);
    return () => clearTimeout(timer);
  }, [expression]);
  return useQuery({
    queryKey: ['cron-next-fire-times', settled],
    queryFn: async () => (await api.call(jobEndpoints.nextFireTimes, { query: { cronExpression: settled, count: 5 } })).result,
    enabled: settled.trim() !== '',
    retry: false,
  });
};

export interface CronEditorProps {
  /** A Quartz expression (seconds first; `?` in day or week; an optional year). */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/**
 * The cron editor (spec sections 3 to 5): a tab per part with its modes, the expression as text
 * (typed text goes back into the tabs when they can show it), and the next five fire times.
 */
export function CronEditor({ value, onChange, id }: CronEditorProps) {
  const { t } = useTranslation('cron');
  const expression = value ?? formatCron(defaultCronState());
  const parsed = parseCron(expression);
  // What the tabs show while the text cannot be shown in them: the last state they could.
  const [lastState, setLastState] = useState<CronState>(() => (parsed.ok ? parsed.state : defaultCronState()));
  const state = parsed.ok ? parsed.state : lastState;
  const next = useNextFireTimes(expression);
  // Each tab's radios form their own group, also with several editors on a page.
  const groupName = useId();

  const change = <Part extends CronPartName>(part: Part, mode: CronState[Part]) => {
    const updated = withPart(state, part, mode);
    setLastState(updated);
    onChange?.(formatCron(updated));
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Tabs
        size="small"
        items={cronParts.map((part) => ({
          key: part,
          label: t(`part.${part}`),
          children: <PartModes name={`${groupName}-${part}`} part={part} mode={state[part]} onChange={(mode) => change(part, mode as never)} disabled={!parsed.ok} />,
        }))}
      />
      <div>
        <Typography.Text strong>{t('expression')}</Typography.Text>
        <Input id={id} value={expression} aria-label={t('expression')} onChange={(event) => onChange?.(event.target.value)} style={{ fontFamily: 'monospace' }} />
        {!parsed.ok && <Typography.Text type="warning">{parsed.part ? t('notInTabs', { part: t(`part.${parsed.part}`) }) : t('notInTabsShape')}</Typography.Text>}
      </div>
      <div>
        <Typography.Text strong>{t('nextFireTimes')}</Typography.Text>
        {next.error ? (
          <Alert type="error" showIcon message={next.error instanceof ApiError ? next.error.message : t('nextUnknown')} />
        ) : (
          <ol aria-label={t('nextFireTimes')} style={{ margin: 0, paddingInlineStart: 20 }}>
            {(next.data?.times ?? []).map((time) => (
              <li key={time}>{formatDateTime(time)}</li>
            ))}
          </ol>
        )}
      </div>
    </Space>
  );
}

/** Text with inputs in it: `{{name}}` places in a translated sentence take the given inputs (word order differs by language). */
function Sentence({ text, inputs }: { text: string; inputs: Record<string, ReactNode> }) {
  const pieces = text.split(/(\{\{\w+\}\})/);
  return (
    <Space size={4} wrap>
      {pieces.map((piece, index) => {
        const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
        return <span key={index}>{name ? inputs[name] : piece}</span>;
      })}
    </Space>
  );
}

function PartModes({ name: groupName, part, mode, onChange, disabled }: { name: string; part: CronPartName; mode: AnyMode; onChange: (mode: AnyMode) => void; disabled: boolean }) {
  const { t } = useTranslation('cron');
  const bounds = cronBounds[part];
  const unit = t(`unit.${part}`);
  const units = t(`units.${part}`);
  /** The mode's current values when it is the chosen one, otherwise what choosing it starts with. */
  const current = <Name extends ModeName>(name: Name) => (mode.mode === name ? mode : freshMode(part, name)) as Extract<AnyMode, { mode: Name }>;
  const number = (label: string, value: number, min: number, max: number, set: (value: number) => void, active: boolean) => (
    <InputNumber size="small" aria-label={label} min={min} max={max} value={value} disabled={disabled || !active} onChange={(next) => next !== null && set(Math.round(Number(next)))} style={{ width: 80 }} />
  );
  const valueLabel = (value: number) => (part === 'week' ? t(`weekday.${value}`) : String(value));
  const raw = (key: string, options: Record<string, string> = {}) => t(key, { unit, units, ...options, interpolation: { escapeValue: false } });

  const optionOf = (name: ModeName): ReactNode => {
    const active = mode.mode === name;
    switch (name) {
      case 'none':
        return t('mode.none');
      case 'every':
        return t(`every.${part}`);
      case 'increment': {
        const { start, step } = current('increment');
        return (
          <Sentence
            text={raw('mode.increment', { start: '{{start}}', step: '{{step}}' })}
            inputs={{
              step: number(t('label.step'), step, 1, stepMax(part), (next) => onChange({ mode: 'increment', start, step: next }), active),
              start: number(t('label.start'), start, bounds.min, bounds.max, (next) => onChange({ mode: 'increment', start: next, step }), active),
            }}
          />
        );
      }
      case 'range': {
        const { from, to } = current('range');
        return (
          <Sentence
            text={raw('mode.range', { from: '{{from}}', to: '{{to}}' })}
            inputs={{
              from: number(t('label.from'), from, bounds.min, bounds.max, (next) => onChange({ mode: 'range', from: next, to }), active),
              to: number(t('label.to'), to, bounds.min, bounds.max, (next) => onChange({ mode: 'range', from, to: next }), active),
            }}
          />
        );
      }
      case 'specific': {
        const { values } = current('specific');
        const all = Array.from({ length: bounds.max - bounds.min + 1 }, (_, index) => bounds.min + index);
        return (
          <Space orientation="vertical" size={4}>
            <span>{raw('mode.specific')}</span>
            {part === 'year' ? (
              <Select
                mode="multiple"
                size="small"
                aria-label={raw('mode.specific')}
                style={{ minWidth: 240 }}
                disabled={disabled || !active}
                value={values}
                options={all.map((value) => ({ value, label: String(value) }))}
                onChange={(next: number[]) => next.length > 0 && onChange({ mode: 'specific', values: next })}
              />
            ) : (
              <Checkbox.Group
                disabled={disabled || !active}
                value={values}
                onChange={(next) => next.length > 0 && onChange({ mode: 'specific', values: next as number[] })}
                options={all.map((value) => ({ value, label: valueLabel(value) }))}
              />
            )}
          </Space>
        );
      }
      case 'lastDay':
        return t('mode.lastDay');
      case 'lastWeekday':
        return t('mode.lastWeekday');
      case 'beforeEnd': {
        const { days } = current('beforeEnd');
        return <Sentence text={raw('mode.beforeEnd', { days: '{{days}}' })} inputs={{ days: number(t('label.days'), days, 1, 30, (next) => onChange({ mode: 'beforeEnd', days: next }), active) }} />;
      }
      case 'nearestWeekday': {
        const { day } = current('nearestWeekday');
        return <Sentence text={raw('mode.nearestWeekday', { day: '{{day}}' })} inputs={{ day: number(t('label.day'), day, 1, 31, (next) => onChange({ mode: 'nearestWeekday', day: next }), active) }} />;
      }
      case 'lastOf': {
        const { weekday } = current('lastOf');
        return <Sentence text={raw('mode.lastOf', { weekday: '{{weekday}}' })} inputs={{ weekday: weekdaySelect(t('label.weekday'), weekday, (next) => onChange({ mode: 'lastOf', weekday: next }), disabled || !active, t) }} />;
      }
      case 'nth': {
        const { weekday, nth } = current('nth');
        return (
          <Sentence
            text={raw('mode.nth', { weekday: '{{weekday}}', nth: '{{nth}}' })}
            inputs={{
              nth: number(t('label.nth'), nth, nthBounds.min, nthBounds.max, (next) => onChange({ mode: 'nth', weekday, nth: next }), active),
              weekday: weekdaySelect(t('label.weekday'), weekday, (next) => onChange({ mode: 'nth', weekday: next, nth }), disabled || !active, t),
            }}
          />
        );
      }
    }
  };

  return (
    <Radio.Group name={groupName} value={mode.mode} disabled={disabled} onChange={(event) => onChange(freshOrCurrent(part, mode, event.target.value as ModeName))} aria-label={t(`part.${part}`)}>
      <Space orientation="vertical">
        {modesOf[part].map((name) => (
          <Radio key={name} value={name}>
            {optionOf(name)}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

const freshOrCurrent = (part: CronPartName, mode: AnyMode, name: ModeName): AnyMode => (mode.mode === name ? mode : freshMode(part, name));

const weekdaySelect = (label: string, value: number, set: (value: number) => void, disabled: boolean, t: (key: string) => string) => (
  <Select
    size="small"
    aria-label={label}
    value={value}
    disabled={disabled}
    style={{ width: 130 }}
    onChange={set}
    options={Array.from({ length: 7 }, (_, index) => ({ value: index + 1, label: t(`weekday.${index + 1}`) }))}
  />
);
