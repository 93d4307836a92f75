import type { ReportColumns, ReportQueryItem } from '@cellsight/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { PopupReportInput } from './popup-report-input';

const stations = [
  { id: 's1', name: 'Alpha', region: 'North', status: 2 },
  { id: 's2', name: 'Beta', region: 'South', status: 0 },
  { id: 's3', name: 'Gamma', region: 'North', status: 3 },
];
const columns: ReportColumns = {
  columns: [
    { title: 'Station', dataIndex: 'name', fieldType: 'String', align: 'center', sorter: 'true', isTotal: '0' },
    { title: 'Region', dataIndex: 'region', fieldType: 'String', align: 'center', sorter: 'true', isTotal: '0' },
    { title: 'Status', dataIndex: 'status', fieldType: 'Integer', align: 'center', sorter: 'true', isTotal: '0', customRender: 'status' },
  ],
  dictOptions: { status: [{ value: '0', text: 'Fault' }, { value: '2', text: 'Normal' }, { value: '3', text: 'Offline' }] },
  fieldHrefSlots: [],
  isGroupTitle: false,
  cgRpConfigId: 'rp1',
  cgRpConfigName: 'Stations',
};
const queryInfo: ReportQueryItem[] = [
  { label: 'Station', field: 'name', view: 'string', mode: 'single' },
  { label: 'Region', field: 'region', view: 'string', mode: 'single' },
  { label: 'Status', field: 'status', view: 'list', mode: 'single', dictCode: 'station_status', hidden: '1' },
];
let dataQueries: Record<string, string>[] = [];

mockServer(
  http.get('/boot/online/cgreport/api/getRpColumns/report_stations', () => HttpResponse.json(envelope(columns))),
  http.get('/boot/online/cgreport/api/getQueryInfo/rp1', () => HttpResponse.json(envelope(queryInfo))),
  http.get('/boot/online/cgreport/api/getData/rp1', ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    dataQueries.push(params);
    // The server's rule as far as the picker uses it: *part* of the name.
    const part = params.name?.replaceAll('*', '').toLowerCase();
    const records = stations.filter((station) => !part || station.name.toLowerCase().includes(part));
    return HttpResponse.json(envelope({ total: records.length, records }));
  }),
);

beforeEach(() => {
  dataQueries = [];
});

function StationForm({ multi, onSelect }: { multi?: boolean; onSelect?: (rows: unknown[], values: Record<string, string>) => void }) {
  return (
    <Form name="station-form">
      <Form.Item name="stationName" label="Station name">
        <PopupReportInput code="report_stations" orgFields="name,region" destFields="stationName,stationRegion" multi={multi} onSelect={onSelect} />
      </Form.Item>
      <Form.Item name="stationRegion" label="Station region">
        <Input />
      </Form.Item>
    </Form>
  );
}

describe('PopupReportInput', () => {
  it('opens the report 1200 wide with 5 rows a page, searches, and fills the destination fields from the chosen row', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<StationForm onSelect={onSelect} />);
    await user.click(screen.getByLabelText('Station name'));
    const dialog = await findDialog('Stations');
    expect(await within(dialog).findByText('Alpha')).toBeInTheDocument();
    expect(dataQueries[0]).toMatchObject({ pageNo: '1', pageSize: '5' });
    expect(within(dialog).getAllByText('Normal').length).toBeGreaterThan(0);
    // The first two search items are shown, the rest behind "More".
    expect(within(dialog).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /More/ }));
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Station', { selector: 'input' }), 'amm');
    await user.click(within(dialog).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(within(dialog).queryByText('Alpha')).not.toBeInTheDocument());
    expect(dataQueries.at(-1)).toMatchObject({ name: '*amm*', pageNo: '1' });
    await user.click(within(dialog).getByText('Gamma'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.getByLabelText('Station name')).toHaveValue('Gamma'));
    expect(screen.getByLabelText('Station region')).toHaveValue('North');
    expect(onSelect).toHaveBeenCalledWith([stations[2]], { stationName: 'Gamma', stationRegion: 'North' });
  });

  it('keeps only the newest clicked row in single mode, toggles a row off when clicked again, and asks for one record', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<StationForm />);
    await user.click(screen.getByLabelText('Station name'));
    const dialog = await findDialog('Stations');
    await user.click(await within(dialog).findByText('Alpha'));
    await user.click(within(dialog).getByText('Beta'));
    const checked = () => within(dialog).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked).length;
    expect(checked()).toBe(1);
    expect(within(dialog).getByText('1 selected')).toBeInTheDocument();
    await user.click(within(dialog).getByText('Beta'));
    expect(checked()).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please select one record')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Station name')).toHaveValue('');
  });

  it('joins the values of several rows in multi mode', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<StationForm multi />);
    await user.click(screen.getByLabelText('Station name'));
    const dialog = await findDialog('Stations');
    await user.click(await within(dialog).findByText('Alpha'));
    await user.click(within(dialog).getByText('Beta'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByLabelText('Station name')).toHaveValue('Alpha,Beta'));
    expect(screen.getByLabelText('Station region')).toHaveValue('North,South');
  });

  it('says the popup is not configured when fields are missing or their counts differ, and does not open', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <Form>
        <Form.Item name="a" label="Mismatched">
          <PopupReportInput code="report_stations" orgFields="name,region" destFields="a" />
        </Form.Item>
      </Form>,
    );
    await user.click(screen.getByLabelText('Mismatched'));
    expect(await screen.findByText('The popup is not configured correctly!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
