import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Segmented, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLightColor, primaryColorPresets, resetSettings, type ShellSettings, updateSettings, useSettings } from '../../settings/settings';

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="cs-setting-row">
      <div className="cs-setting-row__label">
        <Typography.Text>{label}</Typography.Text>
        {hint && (
          <Typography.Text type="secondary" className="cs-setting-row__hint">
            {hint}
          </Typography.Text>
        )}
      </div>
      {children}
    </div>
  );
}

/**
 * Page style settings (spec section 2), applied at once and kept in local storage. Options that
 * do not apply to the current layout are disabled with the reason shown.
 */
export function SettingsDrawer({ open, onClose, isMobile }: { open: boolean; onClose: () => void; isMobile: boolean }) {
  const { t } = useTranslation('layout');
  const settings = useSettings();
  const set = <K extends keyof ShellSettings>(key: K) => (value: ShellSettings[K]) => updateSettings({ [key]: value } as Partial<ShellSettings>);
  const topMenu = settings.layout === 'topmenu';

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={320}
      footer={
        <Button block onClick={resetSettings}>
          {t('settings.reset')}
        </Button>
      }
    >
      <Typography.Title level={5}>{t('settings.style')}</Typography.Title>
      <div className="cs-setting-group">
        <Row label={t('settings.navTheme')}>
          <Segmented<ShellSettings['navTheme']>
            value={settings.navTheme}
            onChange={set('navTheme')}
            options={[
              { value: 'light', label: t('settings.light') },
              { value: 'dark', label: t('settings.dark') },
            ]}
          />
        </Row>
        <Row label={t('settings.darkMode')}>
          <Switch checked={settings.darkMode} onChange={set('darkMode')} aria-label={t('settings.darkMode')} />
        </Row>
      </div>

      <Typography.Title level={5}>{t('settings.primaryColor')}</Typography.Title>
      <div className="cs-color-presets" role="radiogroup" aria-label={t('settings.primaryColor')}>
        {primaryColorPresets.map((color) => {
          const selected = settings.primaryColor.toUpperCase() === color;
          return (
            <Tooltip key={color} title={t(`settings.colors.${color.slice(1)}`)}>
              <button
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={t(`settings.colors.${color.slice(1)}`)}
                className="cs-color-presets__swatch"
                style={{ background: color, color: isLightColor(color) ? 'rgba(0, 0, 0, 0.88)' : '#fff' }}
                onClick={() => updateSettings({ primaryColor: color })}
              >
                {selected && <CheckOutlined />}
              </button>
            </Tooltip>
          );
        })}
      </div>

      <Divider />
      <Typography.Title level={5}>{t('settings.navigation')}</Typography.Title>
      <div className="cs-setting-group">
        <Row label={t('settings.layout')}>
          <Segmented<ShellSettings['layout']>
            value={settings.layout}
            onChange={(layout) => updateSettings(layout === 'sidemenu' ? { layout, contentWidth: 'fixed' } : { layout })}
            options={[
              { value: 'sidemenu', label: t('settings.sidemenu') },
              { value: 'topmenu', label: t('settings.topmenu') },
            ]}
          />
        </Row>
        <Row label={t('settings.contentWidth')} hint={topMenu ? undefined : t('settings.fluidOnlyTop')}>
          <Segmented<ShellSettings['contentWidth']>
            value={settings.contentWidth}
            onChange={set('contentWidth')}
            disabled={!topMenu}
            options={[
              { value: 'fixed', label: t('settings.fixed') },
              { value: 'fluid', label: t('settings.fluid') },
            ]}
          />
        </Row>
        <Row label={t('settings.fixedHeader')}>
          <Switch checked={settings.fixedHeader} onChange={(fixedHeader) => updateSettings(fixedHeader ? { fixedHeader } : { fixedHeader, autoHideHeader: false })} aria-label={t('settings.fixedHeader')} />
        </Row>
        <Row label={t('settings.autoHideHeader')} hint={settings.fixedHeader ? undefined : t('settings.autoHideHint')}>
          <Switch checked={settings.autoHideHeader} disabled={!settings.fixedHeader} onChange={set('autoHideHeader')} aria-label={t('settings.autoHideHeader')} />
        </Row>
        <Row label={t('settings.fixSiderbar')} hint={topMenu ? t('settings.fixSiderbarHint') : undefined}>
          <Switch checked={settings.fixSiderbar && !topMenu} disabled={topMenu} onChange={set('fixSiderbar')} aria-label={t('settings.fixSiderbar')} />
        </Row>
      </div>

      <Divider />
      <Typography.Title level={5}>{t('settings.other')}</Typography.Title>
      <div className="cs-setting-group">
        <Row label={t('settings.colorWeak')}>
          <Switch checked={settings.colorWeak} onChange={set('colorWeak')} aria-label={t('settings.colorWeak')} />
        </Row>
        <Row label={t('settings.multipage')} hint={isMobile ? t('settings.multipageHint') : undefined}>
          <Switch checked={settings.multipage && !isMobile} disabled={isMobile} onChange={set('multipage')} aria-label={t('settings.multipage')} />
        </Row>
      </div>
    </Drawer>
  );
}
