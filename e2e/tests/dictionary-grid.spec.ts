import { expect, type Page, test } from '@playwright/test';
import { apiLogin } from '../support/api';
import { adminPassword, adminUsername, uniqueUsername } from '../support/env';
import { signIn } from '../support/ui';

/** The input of one grid cell: the column's field and the row's place. */
const cellInput = (page: Page, field: string, row: number) => page.getByTestId('dict-items-grid').locator(`[data-field="${field}"]`).nth(row).locator('input');

/** A rule's message shown on its cell (tooltips that closed stay in the page, hidden). */
const tooltip = (page: Page, text: string) => page.getByRole('tooltip').filter({ hasText: text, visible: true });

test('the administrator edits a dictionary’s items in the grid: a broken rule is shown on its cell and refused, the fixed items are saved', async ({ page, request }) => {
  // A dictionary with two items, made through the API.
  const admin = await apiLogin(request);
  const headers = { 'X-Access-Token': admin.token };
  const dictCode = uniqueUsername('e2e_colours');
  expect((await (await request.post('/boot/sys/dict/add', { headers, data: { dictCode, dictName: `Colours ${dictCode.slice(-6)}` } })).json()).success).toBe(true);
  const listed = await (await request.get(`/boot/sys/dict/list?dictCode=${dictCode}`, { headers })).json();
  const dictId = listed.result.records[0].id as string;
  const seeded = await request.post('/boot/sys/dictItem/saveBatch', {
    headers,
    data: { dictId, added: [{ itemText: 'Red', itemValue: 'r', sortOrder: 1 }, { itemText: 'Green', itemValue: 'g', sortOrder: 2 }] },
  });
  expect((await seeded.json()).success).toBe(true);

  // The Dictionaries screen, that dictionary's items.
  await signIn(page, adminUsername, adminPassword);
  await page.goto('/system/dict');
  await page.getByRole('textbox', { name: 'Dictionary code' }).fill(dictCode);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: dictCode, exact: true }) });
  await row.getByRole('button', { name: 'Items' }).click();
  await expect(cellInput(page, 'itemText', 1)).toHaveValue('Green');

  // Rename one item, add another whose value repeats an existing one.
  await cellInput(page, 'itemText', 1).fill('Lime');
  await page.getByTestId('dict-items-grid').getByRole('button', { name: 'Add', exact: true }).click();
  await cellInput(page, 'itemText', 2).fill('Blue');
  await cellInput(page, 'itemValue', 2).fill('r');
  await expect(tooltip(page, 'Item value must not repeat').first()).toBeVisible();
  await page.getByTestId('dict-items-grid').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please correct the highlighted cells')).toBeVisible();
  // On save every cell is checked: both cells holding the repeated value are marked, and the first
  // of them, focused, shows its message (a cell's message shows while it is focused or hovered).
  await expect(page.getByTestId('dict-items-grid').locator('[data-field="itemValue"][aria-invalid="true"]')).toHaveCount(2);
  await expect(tooltip(page, 'Item value must not repeat').first()).toBeVisible();

  // Fixed, but a sort order that is not an integer is refused too.
  await cellInput(page, 'itemValue', 2).fill('b');
  await cellInput(page, 'sortOrder', 2).fill('2.5');
  await expect(tooltip(page, 'Please enter an integer')).toBeVisible();
  await page.getByTestId('dict-items-grid').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please correct the highlighted cells').first()).toBeVisible();
  // Nothing was saved meanwhile.
  const before = await (await request.get(`/boot/sys/dictItem/list?dictId=${dictId}&pageSize=100`, { headers })).json();
  expect(before.result.records.map((item: { itemText: string }) => item.itemText)).toEqual(['Red', 'Green']);

  await cellInput(page, 'sortOrder', 2).fill('3');
  await page.getByTestId('dict-items-grid').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The items are saved')).toBeVisible();

  // Reopened, the grid shows the saved items.
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await row.getByRole('button', { name: 'Items' }).click();
  await expect(cellInput(page, 'itemText', 2)).toHaveValue('Blue');
  await expect(cellInput(page, 'itemText', 1)).toHaveValue('Lime');
  await expect(cellInput(page, 'itemValue', 2)).toHaveValue('b');
  await expect(cellInput(page, 'sortOrder', 2)).toHaveValue('3');
});
