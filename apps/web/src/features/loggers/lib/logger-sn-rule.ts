import { loggerSnSchema, text } from '@cellsight/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { contractRule } from '@/lib/contract-rules';

/** The contract's logger-SN rule on what was typed, its ends trimmed as the dialogs send it. */
const typedLoggerSn = text().trim().pipe(loggerSnSchema);

/** A logger-SN input's rule: the contract's, in the words of the `validation` namespace (`loggerSn…`). */
export const loggerSnRule = (t: TFunction): FormRule => contractRule(typedLoggerSn, t, 'loggerSn');
