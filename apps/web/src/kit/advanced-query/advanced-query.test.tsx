import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { findDialog, renderWithProviders } from '@/testing/feature-test-utils';
import { AdvancedQuery, type AdvancedQueryField, type AdvancedQueryValue } from './index';

// Role queries skip the visibility check, which is very slow on antd's DOM in jsdom; every query
// below is scoped to an open dialog or is unique.
configure({ defaultHidden: true });

const fields: AdvancedQueryField[] = [
  { name: 'username', label: 'User name', type: 'text' },
  {
    name: 'status',
    label: 'Status',
    type: 'smallint',
    options: [
      { value: '1', label: 'Normal' },
      { value: '2', label: 'Frozen' },
    ],
  },
];

/** A screen that keeps the query in force, as the list pages do in their URL. */
function Screen({ onChange, initial = null }: { onChange: (value: AdvancedQueryValue | null) => void; initial?: AdvancedQueryValue | null }) {
  const [value, setValue] = useState(initial);
  return (
    <AdvancedQuery
      fields={fields}
      storageKey="/system/user"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

const payload = (conditions: { field: string; rule: string; val: string; type: string }[], matchType: 'and' | 'or' = 'and'): AdvancedQueryValue => ({
  superQueryParams: JSON.stringify(conditions),
  superQueryMatchType: matchType,
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

const user = () => userEvent.setup({ delay: null });

const open = async (title = 'Advanced query') => {
  await user().click(screen.getByRole('button', { name: /Advanced query|高级查询/ }));
  return findDialog(title);
};

/** Opens a select and clicks one of its options (closed dropdowns stay in the DOM, hidden). */
const choose = async (dialog: HTMLElement, label: string, option: string) => {
  await user().click(within(dialog).getByLabelText(label));
  const dropdown = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  if (!dropdown) throw new Error(`${label} did not open`);
  await user().click(within(dropdown).getByTitle(option));
};

const click = async (dialog: HTMLElement, name: string) => {
  // antd spaces out two-character Chinese button labels ("查 询"), so compare without spaces.
  const bare = (text: string) => text.replace(/\s/g, '');
  await user().click(within(dialog).getByRole('button', { name: (text) => bare(text) === bare(name) }));
};

/** Answers a confirmation with its OK button. */
const confirm = async (question: string) => click(await findDialog(question), 'OK');

/** Row 1: user name contains "ali". */
const fillUserNameContains = async (dialog: HTMLElement) => {
  await choose(dialog, 'Field of condition 1', 'User name');
  await choose(dialog, 'Rule of condition 1', 'Contains');
  await user().type(within(dialog).getByLabelText('Value of condition 1'), 'ali');
};

describe('AdvancedQuery', () => {
  it('refuses to query or save empty conditions', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Screen onChange={onChange} />);
    const dialog = await open();
    await click(dialog, 'Query');
    expect(await screen.findByText('Empty conditions cannot be queried')).toBeInTheDocument();
    await click(dialog, 'Save query');
    expect(await screen.findByText('Empty conditions cannot be saved')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('Save query', { selector: '.ant-modal-title' })).not.toBeInTheDocument();
  });

  it('queries two conditions matched by OR, shows them when reopened and resets them', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Screen onChange={onChange} />);
    let dialog = await open();
    await fillUserNameContains(dialog);
    await click(dialog, 'Add condition');
    await choose(dialog, 'Field of condition 2', 'Status');
    await choose(dialog, 'Value of condition 2', 'Frozen');
    await user().click(within(dialog).getByRole('radio', { name: 'Any condition (OR)' }));
    await click(dialog, 'Query');

    const expected = payload(
      [
        { field: 'username', rule: 'like', val: 'ali', type: 'text' },
        { field: 'status', rule: 'eq', val: '2', type: 'smallint' },
      ],
      'or',
    );
    expect(onChange).toHaveBeenLastCalledWith(expected);
    await waitFor(() => expect(dialog).not.toBeVisible());
    const button = screen.getByRole('button', { name: 'Advanced query (2 conditions in force)' });
    expect(button).toHaveClass('ant-btn-variant-solid');

    dialog = await open();
    expect(within(dialog).getByLabelText('Value of condition 1')).toHaveValue('ali');
    expect(within(dialog).getByTitle('Frozen')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Any condition (OR)' })).toBeChecked();
    await click(dialog, 'Reset');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(within(dialog).getByLabelText('Value of condition 1')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Remove condition 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Advanced query' })).toBeInTheDocument();
  });

  it("sends several values for 'in' and keeps the first when the rule changes", async () => {
    const onChange = vi.fn();
    renderWithProviders(<Screen onChange={onChange} />);
    let dialog = await open();
    await choose(dialog, 'Field of condition 1', 'User name');
    await choose(dialog, 'Rule of condition 1', 'Is one of');
    await user().type(within(dialog).getByLabelText('Value of condition 1'), 'alice{Enter}bob{Enter}');
    await click(dialog, 'Query');
    expect(onChange).toHaveBeenLastCalledWith(payload([{ field: 'username', rule: 'in', val: 'alice,bob', type: 'text' }]));

    dialog = await open();
    await choose(dialog, 'Rule of condition 1', 'Equals');
    expect(within(dialog).getByLabelText('Value of condition 1')).toHaveValue('alice');
    await click(dialog, 'Query');
    expect(onChange).toHaveBeenLastCalledWith(payload([{ field: 'username', rule: 'eq', val: 'alice', type: 'text' }]));
  });

  it('saves queries per screen, runs them after a reload, and asks before overwriting or deleting', async () => {
    const onChange = vi.fn();
    const first = renderWithProviders(<Screen onChange={onChange} />);
    let dialog = await open();
    await fillUserNameContains(dialog);
    await click(dialog, 'Save query');
    let prompt = await findDialog('Save query');
    await click(prompt, 'Save');
    expect(await screen.findByText('The name cannot be empty')).toBeInTheDocument();
    await user().type(within(prompt).getByLabelText('Name'), 'Alices{Enter}');
    expect(await screen.findByText('Query saved')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    first.unmount();

    // A fresh page: the saved query comes from local storage.
    renderWithProviders(<Screen onChange={onChange} />);
    dialog = await open();
    await click(dialog, 'Alices');
    expect(onChange).toHaveBeenLastCalledWith(payload([{ field: 'username', rule: 'like', val: 'ali', type: 'text' }]));

    dialog = await open();
    await user().type(within(dialog).getByLabelText('Value of condition 1'), 'ce');
    await click(dialog, 'Save query');
    prompt = await findDialog('Save query');
    await user().type(within(prompt).getByLabelText('Name'), 'Alices{Enter}');
    await confirm('Alices already exists. Overwrite it?');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    await click(dialog, 'Alices');
    expect(onChange).toHaveBeenLastCalledWith(payload([{ field: 'username', rule: 'like', val: 'alice', type: 'text' }]));

    dialog = await open();
    await click(dialog, 'Delete saved query Alices');
    await confirm('Delete this saved query?');
    expect(await within(dialog).findByText('No saved queries')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    renderWithProviders(<Screen onChange={vi.fn()} />);
    await i18n.changeLanguage('zh-CN');
    const dialog = await open('高级查询构造器');
    await click(dialog, '查询');
    expect(await screen.findByText('不能查询空条件')).toBeInTheDocument();
    await click(dialog, '保存查询');
    expect(await screen.findByText('空条件不能保存')).toBeInTheDocument();
  });
});
