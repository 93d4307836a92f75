import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';

/** Primary colour presets of the settings drawer; the first is the product default. */
export const primaryColorPresets = ['#FFBE1E', '#1677FF', '#F5222D', '#FA541C', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1'] as const;

/** Whether a #rrggbb colour is light (WCAG relative luminance), so text on it should be dark. */
export const isLightColor = (hex: string): boolean => {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5) > 0.45;
};

/**
 * Page style settings of the settings drawer (spec section 2), persisted under `uz__settings`.
 * Every field falls back to its default on its own, so an old or hand-edited stored value never
 * breaks the shell. (Checked by hand rather than with zod: this runs before sign-in, and the
 * login page should not download a schema library for eleven fields.)
 */
export interface ShellSettings {
  navTheme: 'dark' | 'light';
  primaryColor: string;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'fixed' | 'fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  darkMode: boolean;
  sidebarCollapsed: boolean;
}

const defaults: ShellSettings = {
  navTheme: 'light',
  primaryColor: primaryColorPresets[0],
  layout: 'sidemenu',
  contentWidth: 'fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multipage: false,
  darkMode: false,
  sidebarCollapsed: false,
};

const choices: Partial<Record<keyof ShellSettings, readonly string[]>> = {
  navTheme: ['dark', 'light'],
  layout: ['sidemenu', 'topmenu'],
  contentWidth: ['fixed', 'fluid'],
};

const sanitize = (value: unknown): ShellSettings => {
  const input = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const result: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof ShellSettings)[]) {
    const candidate = input[key];
    const fallback = defaults[key];
    const valid =
      key === 'primaryColor'
        ? typeof candidate === 'string' && /^#[0-9A-Fa-f]{6}$/.test(candidate)
        : choices[key]
          ? typeof candidate === 'string' && choices[key].includes(candidate)
          : typeof candidate === typeof fallback;
    if (valid) result[key] = candidate;
  }
  return result as unknown as ShellSettings;
};

export const defaultSettings: ShellSettings = { ...defaults };

const settingsKey = 'settings';

const load = (): ShellSettings => {
  const stored = storage.get<unknown>(settingsKey);
  return sanitize(stored);
};

let current: ShellSettings = load();
const listeners = new Set<() => void>();

export const getSettings = (): ShellSettings => current;

export const updateSettings = (patch: Partial<ShellSettings>): void => {
  current = sanitize({ ...current, ...patch });
  storage.set(settingsKey, current);
  for (const listener of listeners) listener();
};

export const resetSettings = (): void => updateSettings(defaultSettings);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useSettings = (): ShellSettings => useSyncExternalStore(subscribe, getSettings, getSettings);
