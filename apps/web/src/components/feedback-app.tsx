import { App as AntApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { registerNotifyApi } from '@/lib/notify';

/** Hands antd's App context (themed message, notification, modal) to the notify helpers. */
function NotifyBridge() {
  const api = AntApp.useApp();
  useEffect(() => registerNotifyApi(api), [api]);
  return null;
}

/**
 * antd's App (message, notification and modal in the console's theme and language, for
 * `App.useApp()` below it) with the notify helpers bridged to it. The console and the public pages
 * other than sign-in wrap themselves in it; the sign-in page has none (antd's modal, message and
 * notification would be a tenth of its weight), and the provider mounts one there on the first
 * toast or notice (app/provider.tsx). The page's font and colours come from the provider's frame,
 * so this renders no element of its own.
 */
export function FeedbackApp({ children }: { children?: ReactNode }) {
  return (
    <AntApp component={false}>
      <NotifyBridge />
      {children}
    </AntApp>
  );
}

export default FeedbackApp;
