import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { checkSnBody, loggerListText, rowFieldErrorsOf, rowRefusalOf } from './check-station-loggers';

const rows = [
  { gsn: 'GW-1', key: 'key-of-one', product_code: 'PACK-1' },
  { gsn: 'GW-10', key: 'bad', product_code: 'PACK-10' },
];

describe('the wizard’s logger checks', () => {
  it('send the rows as check_sn’s form fields and as the JSON list of the other calls', () => {
    expect(checkSnBody(rows)).toEqual({ gsn_0: 'GW-1', key_0: 'key-of-one', product_code_0: 'PACK-1', gsn_1: 'GW-10', key_1: 'bad', product_code_1: 'PACK-10' });
    expect(JSON.parse(loggerListText([{ ...rows[0], extra: 'x' } as (typeof rows)[number]]))).toEqual([{ gsn: 'GW-1', key: 'key-of-one', product_code: 'PACK-1' }]);
  });

  it('find the refused row by the answer’s index and the field its code marks', () => {
    const refused = (code: number, message: string, result: unknown) => new ApiError(400, code, message, [], result);
    expect(rowRefusalOf(refused(4000, 'GW-10 does not exist', 1), rows)).toEqual({ row: 1, field: 'gsn', code: 4000 });
    expect(rowRefusalOf(refused(4001, 'The registration key of GW-1 is wrong', 0), rows)).toEqual({ row: 0, field: 'key', code: 4001 });
    expect(rowRefusalOf(refused(4002, 'GW-10 is in use on a station: unbind it first', 1), rows)).toEqual({ row: 1, field: 'gsn', code: 4002 });
    expect(rowRefusalOf(refused(4003, 'bad error', 1), rows)).toEqual({ row: 1, field: 'key', code: 4003 });
    expect(rowRefusalOf(refused(4027, 'PACK-1 is already used', 0), rows)).toEqual({ row: 0, field: 'product_code', code: 4027 });
    // Not a row's refusal: another code, no index, or an index outside the rows.
    expect(rowRefusalOf(refused(4008, 'Operation failed', 0), rows)).toBeNull();
    expect(rowRefusalOf(refused(4000, 'station x not found', null), rows)).toBeNull();
    expect(rowRefusalOf(refused(4000, 'GW-9 does not exist', 5), rows)).toBeNull();
    expect(rowRefusalOf(new Error('GW-1 does not exist'), rows)).toBeNull();
  });

  it('read form refusals that name a row’s field', () => {
    const error = new ApiError(400, 4004, 'Incorrect parameter', [
      { field: 'gsn_1', message: 'GW-1 is repeated' },
      { field: 'body.logger[0].product_code', message: 'is required' },
      { field: 'name', message: 'is required' },
    ]);
    expect(rowFieldErrorsOf(error)).toEqual([
      { row: 1, field: 'gsn', message: 'GW-1 is repeated' },
      { row: 0, field: 'product_code', message: 'is required' },
    ]);
  });
});
