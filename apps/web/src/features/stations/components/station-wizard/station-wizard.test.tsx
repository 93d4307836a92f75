import type { StationOwner, TimeZoneOption } from '@cellsight/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { publicConfig, stationTypeDict } from '@/testing/fixtures';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { StationWizard } from './station-wizard';

const timeZones: TimeZoneOption[] = [
  { dictId: 324, text: '(UTC+01:00) Berlin, Vienna', zone: 'Europe/Berlin' },
  { dictId: 343, text: '(UTC+08:00) Beijing, Chongqing, Hong Kong', zone: 'Asia/Shanghai' },
];
const owners: StationOwner[] = [
  { id: 'u-installer', username: 'installer', realname: 'Ivy Installer', accountType: 'installer' },
  { id: 'u-end', username: 'enduser', realname: 'Eve End', accountType: 'end_user' },
];
/** The loggers the server knows: SN → registration key. */
const keys: Record<string, string> = { 'GW-0001': 'key-one-0001', 'GW-0002': 'key-two-0002' };
const usedProductCodes = new Set(['PACK-USED']);

/** A refused row as the server answers it: the code, and the row's index as `result`. */
const rowRefused = (code: number, message: string, row: number) => HttpResponse.json({ success: false, message, code, result: row, timestamp: Date.now() }, { status: 400 });

interface Call {
  query: Record<string, string>;
  body: Record<string, unknown>;
}
let snChecks: Call[] = [];
let codeChecks: Call[] = [];
let adds: Call[] = [];

const call = async (request: Request): Promise<Call> => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  delete query._t;
  return { query, body: (await request.json()) as Record<string, unknown> };
};

const server = mockServer(
  http.get('/boot/sys/public/config', () => HttpResponse.json(envelope(publicConfig))),
  http.get('/boot/want/commDictI18n/list', () => HttpResponse.json(envelope({ records: timeZones, total: timeZones.length }))),
  http.get('/boot/want/tbStation/owners', () => HttpResponse.json(envelope(owners))),
  http.post('/boot/want/tbStation/check_sn', async ({ request }) => {
    const sent = await call(request);
    snChecks.push(sent);
    const body = sent.body as Record<string, string>;
    for (let row = 0; `gsn_${row}` in body; row++) {
      const gsn = body[`gsn_${row}`] ?? '';
      if (!(gsn in keys)) return rowRefused(4000, `${gsn} does not exist`, row);
      if (keys[gsn] !== body[`key_${row}`]) return rowRefused(4001, `The registration key of ${gsn} is wrong`, row);
    }
    return HttpResponse.json(envelope(null, 200, 'Checked'));
  }),
  http.post('/boot/want/tbStation/check_product_code', async ({ request }) => {
    const sent = await call(request);
    codeChecks.push(sent);
    const rows = JSON.parse(String(sent.body.logger)) as { product_code: string }[];
    const used = rows.findIndex((row) => usedProductCodes.has(row.product_code));
    return used >= 0 ? rowRefused(4027, `${rows[used]?.product_code} is already used`, used) : HttpResponse.json(envelope(null, 200, 'Checked'));
  }),
  http.post('/boot/want/tbStation/add_station', async ({ request }) => {
    adds.push(await call(request));
    return HttpResponse.json(envelope(null, 1001, 'st-new'));
  }),
);

beforeEach(() => {
  session.setDictItems(stationTypeDict);
});

afterEach(() => {
  vi.restoreAllMocks();
  snChecks = [];
  codeChecks = [];
  adds = [];
});

function Harness({ parentId, onClose }: { parentId?: string; onClose: (createdId?: string) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open wizard
      </button>
      <StationWizard
        open={open}
        parentId={parentId}
        onClose={(createdId) => {
          setOpen(false);
          onClose(createdId);
        }}
      />
    </>
  );
}

const setup = async ({ parentId }: { parentId?: string } = {}) => {
  const closed = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Harness parentId={parentId} onClose={closed} />);
  const dialog = await findDialog(parentId ? 'Create sub-station' : 'Create station');
  const input = (field: 'Logger SN' | 'Key' | 'Battery module SN (product code)', row: number) => within(dialog).getByLabelText(`${field} of logger ${row}`);
  const fill = async (row: number, values: { gsn?: string; key?: string; code?: string }) => {
    for (const [field, value] of [
      ['Logger SN', values.gsn],
      ['Key', values.key],
      ['Battery module SN (product code)', values.code],
    ] as const) {
      if (value === undefined) continue;
      await user.clear(input(field, row));
      await user.click(input(field, row));
      await user.paste(value);
    }
  };
  const click = async (name: string | RegExp) => user.click(within(dialog).getByRole('button', { name }));
  /** Fills two good rows and goes on to the station details. */
  const toDetails = async () => {
    await fill(1, { gsn: 'GW-0001', key: 'key-one-0001', code: 'PACK-0001' });
    await click(/Add logger/);
    await fill(2, { gsn: 'GW-0002', key: 'key-two-0002', code: 'PACK-0002' });
    await click('Next');
    await within(dialog).findByLabelText('Station name', { selector: 'input' });
  };
  return { user, dialog, input, fill, click, toDetails, closed };
};

const currentStep = (dialog: HTMLElement) => dialog.querySelector('.ant-steps-item-process')?.textContent;

describe('StationWizard', () => {
  it('starts with one logger row whose fields are all required', async () => {
    const { dialog, click } = await setup();
    expect(currentStep(dialog)).toContain('Add Logger');
    expect(within(dialog).getByText('Station View')).toBeInTheDocument();
    expect(within(dialog).getByText('Created Complete')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remove logger/ })).not.toBeInTheDocument();
    await click('Next');
    expect(await within(dialog).findByText('Please enter the Logger SN!')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the key!')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the battery module SN!')).toBeInTheDocument();
    expect(snChecks).toEqual([]);
  });

  it('refuses an SN or a battery module SN entered twice, and offers delete only with more than one row', async () => {
    const { dialog, fill, click } = await setup();
    await click(/Add logger/);
    expect(within(dialog).getAllByRole('button', { name: /Remove logger/ })).toHaveLength(2);
    await fill(1, { gsn: 'GW-0001', key: 'key-one-0001', code: 'PACK-0001' });
    await fill(2, { gsn: 'GW-0001', key: 'key-two-0002', code: 'PACK-0001' });
    await click('Next');
    expect(await within(dialog).findAllByText('GW-0001 is repeated')).toHaveLength(2);
    expect(await within(dialog).findAllByText('PACK-0001 is repeated')).toHaveLength(2);
    // Changing one row clears the other's complaint too.
    await fill(2, { gsn: 'GW-0002' });
    await waitFor(() => expect(within(dialog).queryByText('GW-0001 is repeated')).not.toBeInTheDocument());
    await click('Remove logger 2');
    expect(within(dialog).queryByRole('button', { name: /Remove logger/ })).not.toBeInTheDocument();
    expect(snChecks).toEqual([]);
  });

  it('takes at most 32 rows', async () => {
    const { dialog } = await setup();
    // Plain clicks and a plain count: 32 rows of form fields make role queries slow in jsdom.
    const add = within(dialog).getByRole('button', { name: /Add logger/ });
    const rows = () => dialog.querySelectorAll('[role="group"][aria-label^="Logger "]').length;
    // Slower than the grid's fast-click guard (300 ms between adds).
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 301));
    for (let count = 1; count < 32; count++) fireEvent.click(add);
    expect(rows()).toBe(32);
    fireEvent.click(add);
    expect(await screen.findByText('The maximum number of entries has reached 32.')).toBeInTheDocument();
    expect(rows()).toBe(32);
  }, 60_000);

  it('marks the row the server refuses in the console’s language, and goes on to the station once it is fixed', async () => {
    const { dialog, input, fill, click } = await setup();
    await fill(1, { gsn: 'GW-0001', key: 'key-one-0001', code: 'PACK-0001' });
    await click(/Add logger/);
    await fill(2, { gsn: 'GW-0002', key: 'not-the-key', code: 'PACK-0002' });
    await click('Next');
    const keyItem = input('Key', 2).closest('[data-cell]') as HTMLElement;
    expect(await within(keyItem).findByText('The registration key is wrong')).toBeInTheDocument();
    expect(snChecks).toEqual([
      {
        query: { from: 'EUR' },
        body: { gsn_0: 'GW-0001', key_0: 'key-one-0001', product_code_0: 'PACK-0001', gsn_1: 'GW-0002', key_1: 'not-the-key', product_code_1: 'PACK-0002' },
      },
    ]);
    expect(codeChecks).toEqual([]);

    await fill(2, { key: 'key-two-0002' });
    await click('Next');
    expect(await within(dialog).findByLabelText('Station name', { selector: 'input' })).toBeVisible();
    expect(currentStep(dialog)).toContain('Station View');
    expect(codeChecks).toEqual([
      {
        query: {},
        body: {
          logger: JSON.stringify([
            { gsn: 'GW-0001', key: 'key-one-0001', product_code: 'PACK-0001' },
            { gsn: 'GW-0002', key: 'key-two-0002', product_code: 'PACK-0002' },
          ]),
        },
      },
    ]);
  });

  it('marks an SN the server does not know, and a product code another logger holds', async () => {
    const { input, fill, click } = await setup();
    await fill(1, { gsn: 'GW-9999', key: 'key-one-0001', code: 'PACK-0001' });
    await click('Next');
    expect(await within(input('Logger SN', 1).closest('[data-cell]') as HTMLElement).findByText('GW-9999 does not exist')).toBeInTheDocument();
    await fill(1, { gsn: 'GW-0001', code: 'PACK-USED' });
    await click('Next');
    expect(await within(input('Battery module SN (product code)', 1).closest('[data-cell]') as HTMLElement).findByText('The product code PACK-USED is already used')).toBeInTheDocument();
  });

  it('goes back from the station to the rows as they were, and to the product codes, which it checks again', async () => {
    const { dialog, input, fill, click, toDetails } = await setup();
    await toDetails();
    await click('Previous');
    expect(input('Logger SN', 1)).toHaveValue('GW-0001');
    expect(input('Key', 2)).toHaveValue('key-two-0002');
    expect(input('Battery module SN (product code)', 2)).toHaveValue('PACK-0002');
    expect(currentStep(dialog)).toContain('Add Logger');
    await click('Next');
    await within(dialog).findByRole('button', { name: 'Product registration codes' });
    expect(snChecks).toHaveLength(2);

    // Step 1: only the product codes are editable; the SNs are shown.
    await click('Product registration codes');
    expect(within(dialog).queryByLabelText('Key of logger 1')).not.toBeInTheDocument();
    expect(input('Battery module SN (product code)', 1)).toBeVisible();
    expect(within(dialog).getByText('GW-0002', { selector: 'code' })).toBeInTheDocument();
    await fill(2, { code: 'PACK-USED' });
    await click('Next');
    expect(await within(input('Battery module SN (product code)', 2).closest('[data-cell]') as HTMLElement).findByText('The product code PACK-USED is already used')).toBeInTheDocument();
    await fill(2, { code: 'PACK-0003' });
    await click('Next');
    await waitFor(() => expect(currentStep(dialog)).toContain('Station View'));
    expect(snChecks).toHaveLength(2);
    expect(JSON.parse(String(codeChecks.at(-1)?.body.logger))).toEqual([
      { gsn: 'GW-0001', key: 'key-one-0001', product_code: 'PACK-0001' },
      { gsn: 'GW-0002', key: 'key-two-0002', product_code: 'PACK-0003' },
    ]);
  });

  it('creates the station with its loggers and owner, shows it, and closes with its id on Confirm', async () => {
    const { user, dialog, click, toDetails, closed } = await setup();
    await toDetails();
    await user.click(within(dialog).getByLabelText('Station name', { selector: 'input' }));
    await user.paste('Rooftop Berlin');
    await user.click(within(dialog).getByLabelText('Owner'));
    await user.click(await screen.findByText('Eve End (enduser)'));
    await click('Save');
    expect(await within(dialog).findByText('The station has been created')).toBeInTheDocument();
    expect(currentStep(dialog)).toContain('Created Complete');
    expect(adds).toEqual([
      {
        query: { from: 'EUR' },
        body: {
          name: 'Rooftop Berlin',
          stationType: 0,
          timezone: 343,
          masterId: 'u-end',
          logger: JSON.stringify([
            { gsn: 'GW-0001', key: 'key-one-0001', product_code: 'PACK-0001' },
            { gsn: 'GW-0002', key: 'key-two-0002', product_code: 'PACK-0002' },
          ]),
        },
      },
    ]);
    expect(within(dialog).getByText('Rooftop Berlin')).toBeInTheDocument();
    expect(within(dialog).getByText('Eve End')).toBeInTheDocument();
    expect(within(dialog).getByText('GW-0002')).toBeInTheDocument();
    // Only Confirm leaves the last step.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await click('Confirm');
    expect(closed).toHaveBeenCalledWith('st-new');
  });

  it('creates a sub-station under its main station, without type, location or image', async () => {
    const { user, dialog, click, toDetails } = await setup({ parentId: 'st-main' });
    await toDetails();
    expect(within(dialog).queryByText('Station type')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('application', { name: 'Station location' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Station image')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Owner')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Station name', { selector: 'input' }));
    await user.paste('Garage annex');
    await click('Save');
    expect(await within(dialog).findByText('The sub-station has been created')).toBeInTheDocument();
    const body = adds[0]?.body ?? {};
    expect(body).toMatchObject({ name: 'Garage annex', timezone: 343, pid: 'st-main' });
    for (const field of ['stationType', 'lat', 'lon', 'address', 'thumbUrl', 'masterId']) expect(body).not.toHaveProperty(field);
  });

  it('takes a refusal of a logger at saving back to its row', async () => {
    server.use(http.post('/boot/want/tbStation/add_station', () => rowRefused(4002, 'GW-0002 is in use on a station: unbind it first', 1)));
    const { user, dialog, input, click, toDetails } = await setup();
    await toDetails();
    await user.click(within(dialog).getByLabelText('Station name', { selector: 'input' }));
    await user.paste('Rooftop Berlin');
    await click('Save');
    expect(await within(input('Logger SN', 2).closest('[data-cell]') as HTMLElement).findByText('GW-0002 is in use on a station; unbind it first')).toBeVisible();
    expect(currentStep(dialog)).toContain('Add Logger');
  });

  it('puts a refusal of a station field on that field', async () => {
    server.use(http.post('/boot/want/tbStation/add_station', () => HttpResponse.json(failure(4004, 'name: must be 5 to 32 characters', [{ field: 'name', message: 'must be 5 to 32 characters' }]), { status: 400 })));
    const { user, dialog, click, toDetails } = await setup();
    await toDetails();
    await user.click(within(dialog).getByLabelText('Station name', { selector: 'input' }));
    await user.paste('Rooftop Berlin');
    await click('Save');
    expect(await within(dialog).findByText('must be 5 to 32 characters')).toBeInTheDocument();
    expect(currentStep(dialog)).toContain('Station View');
  });

  it('forgets everything when closed, at any step', async () => {
    const { user, toDetails, closed } = await setup();
    await toDetails();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toHaveBeenCalledWith(undefined);
    await user.click(screen.getByRole('button', { name: 'Open wizard' }));
    const dialog = await findDialog('Create station');
    expect(currentStep(dialog)).toContain('Add Logger');
    expect(within(dialog).getByLabelText('Logger SN of logger 1')).toHaveValue('');
    expect(within(dialog).queryByLabelText('Logger SN of logger 2')).not.toBeInTheDocument();
  });
});
