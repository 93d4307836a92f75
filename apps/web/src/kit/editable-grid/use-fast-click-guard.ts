import { App } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Add and insert clicked again sooner than their interval (spec section 5: 1500 ms for insert,
 * 300 ms otherwise) warn "you clicked too fast, please slow down" and do nothing.
 */
export const useFastClickGuard = () => {
  const { t } = useTranslation('grid');
  const { message } = App.useApp();
  const last = useRef(new Map<string, number>());
  return useCallback(
    (action: string, intervalMs: number, run: () => void) => {
      const now = Date.now();
      const previous = last.current.get(action);
      if (previous !== undefined && now - previous < intervalMs) {
        void message.warning(t('tooFast'));
        return;
      }
      last.current.set(action, now);
      run();
    },
    [message, t],
  );
};
