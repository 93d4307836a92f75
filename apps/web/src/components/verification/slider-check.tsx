import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { Form, Slider, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The slider check (spec section 4): unverified until the handle is dragged to the far end, then
 * verified ('验证通过'); letting go early puts it back. It keeps careless scripts from asking for
 * codes; the server's own limits per address and IP are what really hold.
 */
export function SliderCheck({ value = false, onChange }: { value?: boolean; onChange?: (verified: boolean) => void }) {
  const { t } = useTranslation('verification');
  const [position, setPosition] = useState(value ? 100 : 0);
  if (value) {
    return (
      <div className="cs-slider-check cs-slider-check--done" role="status">
        <CheckCircleFilled style={{ color: 'var(--ant-color-success)' }} /> <Typography.Text type="success">{t('slider.verified')}</Typography.Text>
      </div>
    );
  }
  return (
    <div className="cs-slider-check">
      <Typography.Text type="secondary" className="cs-slider-check__hint">
        <DoubleRightOutlined /> {t('slider.hint')}
      </Typography.Text>
      <Slider
        aria-label={t('slider.hint')}
        min={0}
        max={100}
        value={position}
        tooltip={{ open: false }}
        onChange={setPosition}
        onChangeComplete={(end) => {
          if (end >= 100) onChange?.(true);
          else setPosition(0);
        }}
      />
    </div>
  );
}

/** The slider check as a form field (`verified`): the form is not sent until it is passed. */
export function SliderCheckField({ name = 'verified' }: { name?: string }) {
  const { t } = useTranslation('verification');
  return (
    <Form.Item name={name} rules={[{ validator: async (_rule, value) => (value ? undefined : Promise.reject(new Error(t('slider.required')))) }]}>
      <SliderCheck />
    </Form.Item>
  );
}
