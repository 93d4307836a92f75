import type { Envelope } from '@cellsight/contract';
import { App } from 'antd';
import { errorMessage, messageForCode } from './notify';

/** Toasts for server answers inside React: the code's translation, else the server's own message. */
export const useServerFeedback = () => {
  const { message } = App.useApp();
  return {
    errorText: errorMessage,
    success: (envelope: Envelope<unknown>, fallback: string) => {
      void message.success(messageForCode(envelope.code, fallback));
    },
    error: (error: unknown) => {
      void message.error(errorMessage(error));
    },
  };
};

// Kept apart (no antd App there), so pages that show field errors without toasts stay light.
export { applyServerFieldErrors } from './server-field-errors';
