import { stationEndpoints, wizardCodeField } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { RegionCode } from '@/lib/region';

/** One logger row of the wizard: SN, registration key and the battery module's serial (product code). */
export interface LoggerRow {
  gsn: string;
  key: string;
  product_code: string;
}
export type LoggerRowField = keyof LoggerRow;

/** The rows as `check_sn` takes them: form fields `gsn_N`, `key_N`, `product_code_N`. */
export const checkSnBody = (rows: readonly LoggerRow[]): Record<string, string> =>
  Object.fromEntries(
    rows.flatMap((row, index) => [
      [`gsn_${index}`, row.gsn],
      [`key_${index}`, row.key],
      [`product_code_${index}`, row.product_code],
    ]),
  );

/** The rows as the `logger` JSON text of `check_product_code`, `add_station` and `add_logger`. */
export const loggerListText = (rows: readonly LoggerRow[]): string => JSON.stringify(rows.map(({ gsn, key, product_code }) => ({ gsn, key, product_code })));

/** POST /want/tbStation/check_product_code: the loggers again, and whether another logger holds a product code. */
export const checkProductCodes = (rows: readonly LoggerRow[]) => api.call(stationEndpoints.checkProductCode, { body: { logger: loggerListText(rows) } });

/**
 * Wizard step 0's check: the SNs and keys (`check_sn`), then the product codes. Resolves when
 * every row may be bound; a refused row rejects with the server's code (see `rowRefusalOf`).
 */
export const checkStationLoggers = async ({ rows, region }: { rows: readonly LoggerRow[]; region: RegionCode | null }): Promise<void> => {
  await api.call(stationEndpoints.checkSn, { body: checkSnBody(rows), query: { from: region ?? undefined } });
  await checkProductCodes(rows);
};

export const useCheckStationLoggers = () => useMutation({ mutationFn: checkStationLoggers });
export const useCheckProductCodes = () => useMutation({ mutationFn: checkProductCodes });

/** A row the server refused: which row, which of its fields, and the catalogue code (spec section 8). */
export interface RowRefusal {
  row: number;
  field: LoggerRowField;
  code: number;
}

/** The row a wizard code refused: the answer's `result` is the row's index (spec section 7), the code names the field. */
export const rowRefusalOf = (error: unknown, rows: readonly LoggerRow[]): RowRefusal | null => {
  if (!(error instanceof ApiError)) return null;
  const field = wizardCodeField[error.code];
  const { result } = error;
  if (!field || typeof result !== 'number' || !Number.isInteger(result) || result < 0 || result >= rows.length) return null;
  return { row: result, field, code: error.code };
};

/**
 * Field errors of a refused form (4004) that name a row: `gsn_1` from `check_sn`, `logger[1].gsn`
 * from the calls that take the JSON list.
 */
export const rowFieldErrorsOf = (error: unknown): { row: number; field: LoggerRowField; message: string }[] => {
  if (!(error instanceof ApiError)) return [];
  return error.errors.flatMap(({ field, message }) => {
    const match = /^(?:.*\.)?(?:(gsn|key|product_code)_(\d+)|logger\[(\d+)\]\.(gsn|key|product_code))$/.exec(field);
    if (!match) return [];
    const name = (match[1] ?? match[4]) as LoggerRowField;
    return [{ row: Number(match[2] ?? match[3]), field: name, message }];
  });
};
