import { type StationOwner, type StationRecord, defaultTimeZoneDictId, mainStationOnlyFields, stationResource } from '@cellsight/contract';
import { Button, Col, Form, type FormInstance, type FormRule, Input, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { dictOptions } from '@/components/dict-select';
import { LocationMap } from '@/components/location-map';
import { AreaRegionInput } from '@/components/pickers/area-linkage';
import { useFieldLabel } from '@/kit/resource-page';
import { contractRule, isRequired } from '@/lib/contract-rules';
import { errorMessage } from '@/lib/notify';
import { applyServerFieldErrors } from '@/lib/server-feedback';
import { useStationOwners } from '../api/get-station-owners';
import { useTimeZones } from '../api/get-time-zones';
import { StationImageUpload } from './station-image-upload';

/** The values of the station-details form (spec section 3); `masterId` is the owner of a new station. */
export interface StationDetailsValues {
  name?: string;
  stationType?: number;
  timezone?: number;
  masterId?: string;
  lat?: number | null;
  lon?: number | null;
  address?: string | null;
  thumbUrl?: string | null;
  customer?: string | null;
  phone?: string | null;
  email?: string | null;
  region?: string | null;
  remark?: string | null;
  inverterBrand?: string | null;
  inverterModel?: string | null;
  inverterQuantity?: number | null;
}
type DetailField = Exclude<keyof StationDetailsValues, 'masterId'>;

const shape = stationResource.add.shape as unknown as Record<DetailField, z.ZodType>;
const mainOnly: readonly string[] = mainStationOnlyFields;

/** Every field of the form that the station itself stores, in the order the form shows them. */
export const stationDetailFields: readonly DetailField[] = ['name', 'stationType', 'timezone', 'lat', 'lon', 'address', 'thumbUrl', 'customer', 'phone', 'email', 'region', 'inverterBrand', 'inverterModel', 'inverterQuantity', 'remark'];

/** The fields a station of this kind has: a sub-station takes type, location and image from its main station. */
export const fieldsOf = (main: boolean): readonly DetailField[] => (main ? stationDetailFields : stationDetailFields.filter((field) => !mainOnly.includes(field)));

/** A new station: low voltage (spec section 5) in the default time zone (343). */
export const newStationDetails: StationDetailsValues = { stationType: 0, timezone: defaultTimeZoneDictId };

/** The form's values of a stored station. */
export const detailsOfRecord = (record: StationRecord): StationDetailsValues => {
  const values: StationDetailsValues = {};
  for (const field of stationDetailFields) (values as Record<string, unknown>)[field] = record[field];
  return values;
};

const clean = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);
const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

/** What a new station is created with: the given fields of its kind, trimmed (empty ones left out). */
export const newStationFields = (values: StationDetailsValues, main: boolean): Record<string, unknown> => {
  const entries = fieldsOf(main)
    .map((field): [string, unknown] => [field, clean(values[field])])
    .filter(([, value]) => !isEmpty(value));
  return Object.fromEntries(entries);
};

/**
 * The fields an edit changes, compared with the stored station: only those go out (a cleared one as
 * null), and never a sub-station's main-station fields.
 */
export const changedStationFields = (values: StationDetailsValues, record: StationRecord, main: boolean): Record<string, unknown> => {
  const changed: Record<string, unknown> = {};
  for (const field of fieldsOf(main)) {
    if (!(field in values)) continue;
    const next = clean(values[field]);
    const before = record[field];
    if (isEmpty(next) && isEmpty(before)) continue;
    if (next !== before) changed[field] = isEmpty(next) ? null : next;
  }
  return changed;
};

/** Puts the server's refusals of station fields on them; false when none was about a field of the form. */
export const applyDetailsServerErrors = (form: FormInstance, error: unknown): boolean => applyServerFieldErrors(form, error, [...stationDetailFields, 'masterId']);

interface StationDetailsFormProps {
  form: FormInstance<StationDetailsValues>;
  /** A main station (type, location and image), or a sub-station. */
  main: boolean;
  /** Offer the owner of a new station: shown only when the caller may choose someone besides itself. */
  chooseOwner?: boolean;
  initialValues?: StationDetailsValues;
  disabled?: boolean;
  onFinish?: (values: StationDetailsValues) => void;
  /** The form's buttons. */
  children?: ReactNode;
}

const ownerLabel = (owner: StationOwner): string => (owner.realname && owner.realname !== owner.username ? `${owner.realname} (${owner.username})` : owner.username);

/**
 * The station's details (spec sections 3 and 5), for the creation wizard and the edit page. Each
 * field's rule is the contract's own; the map fills latitude and longitude, and the address where
 * the deployment has a geocoder.
 */
export function StationDetailsForm({ form, main, chooseOwner = false, initialValues, disabled = false, onFinish, children }: StationDetailsFormProps) {
  const { t } = useTranslation('stations');
  const label = useFieldLabel(stationResource);
  const timeZones = useTimeZones();
  const owners = useStationOwners(chooseOwner);
  const lat = Form.useWatch('lat', form);
  const lon = Form.useWatch('lon', form);

  const rules = (field: DetailField, own: FormRule[] = []): FormRule[] => [...own, contractRule(shape[field], t, field)];
  const item = (field: DetailField, input: ReactNode, own: FormRule[] = []) => (
    <Form.Item name={field} label={label(field)} rules={rules(field, own)} required={isRequired(shape[field]) || own.some((rule) => typeof rule === 'object' && rule.required)} validateFirst>
      {input}
    </Form.Item>
  );
  const typeOptions = dictOptions('station_type').map((option) => ({ value: Number(option.value), label: option.text }));
  const ownerList = owners.data ?? [];
  const point = typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null;

  return (
    <Form form={form} name="station-details" layout="vertical" initialValues={initialValues} onFinish={onFinish} disabled={disabled} scrollToFirstError>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {item('name', <Input autoComplete="off" />, [{ required: true, whitespace: true, message: t('details.nameRequired') }])}
        </Col>
        {main && (
          <Col xs={24} md={12}>
            {item('stationType', <Select options={typeOptions} />, [{ required: true, message: t('details.stationTypeRequired') }])}
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item
            name="timezone"
            label={label('timezone')}
            rules={rules('timezone')}
            validateStatus={timeZones.isError ? 'warning' : undefined}
            help={
              timeZones.isError ? (
                <>
                  {t('details.timeZonesFailed', { reason: errorMessage(timeZones.error) })}{' '}
                  <Button type="link" size="small" onClick={() => void timeZones.refetch()}>
                    {t('details.retry')}
                  </Button>
                </>
              ) : undefined
            }
          >
            <Select showSearch={{ optionFilterProp: 'label' }} loading={timeZones.isPending} options={(timeZones.data ?? []).map((zone) => ({ value: zone.dictId, label: zone.text }))} />
          </Form.Item>
        </Col>
        {chooseOwner && ownerList.length > 1 && (
          <Col xs={24} md={12}>
            <Form.Item name="masterId" label={label('ownerId')} initialValue={ownerList[0]?.id} extra={t('details.ownerHint')}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={ownerList.map((owner) => ({ value: owner.id, label: ownerLabel(owner) }))} />
            </Form.Item>
          </Col>
        )}
        {main && (
          <>
            <Col span={24}>
              <Form.Item label={t('map.label')}>
                <LocationMap
                  value={point}
                  disabled={disabled}
                  onChange={(picked) => {
                    form.setFieldsValue({ lat: picked.lat, lon: picked.lon });
                    void form.validateFields(['lat', 'lon']).catch(() => undefined);
                  }}
                  onAddress={(address) => form.setFieldsValue({ address })}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              {item('lat', <InputNumber min={-90} max={90} style={{ width: '100%' }} />)}
            </Col>
            <Col xs={12} md={6}>
              {item('lon', <InputNumber min={-180} max={180} style={{ width: '100%' }} />)}
            </Col>
            <Col xs={24} md={12}>
              {item('address', <Input autoComplete="street-address" />)}
            </Col>
            <Col span={24}>{item('thumbUrl', <StationImageUpload />)}</Col>
          </>
        )}
        {(['customer', 'phone', 'email', 'region', 'inverterBrand', 'inverterModel'] as const).map((field) => (
          <Col key={field} xs={24} md={12}>
            {item(field, field === 'region' ? <AreaRegionInput maxLength={100} /> : <Input autoComplete="off" />)}
          </Col>
        ))}
        <Col xs={24} md={12}>
          {item('inverterQuantity', <InputNumber min={0} precision={0} style={{ width: '100%' }} />)}
        </Col>
        <Col span={24}>{item('remark', <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />)}</Col>
      </Row>
      {children}
    </Form>
  );
}
