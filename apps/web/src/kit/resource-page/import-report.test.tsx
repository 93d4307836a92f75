import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, renderWithProviders, tableBodyRows } from '@/testing/feature-test-utils';
import { ImportReport } from './import-report';

describe('ImportReport', () => {
  it("says the import's known refusals in the console's language and keeps other messages as the server wrote them", async () => {
    renderWithProviders(
      <ImportReport
        errors={[
          { row: 1, field: 'code', message: 'column "Code" is missing' },
          { row: 2, field: 'name', message: 'is required' },
          { row: 3, field: 'code', message: 'already exists' },
          { row: 4, field: 'code', message: 'repeats row 3' },
          { row: 5, field: 'rank', message: 'must be a rank from 1 to 5' },
        ]}
        label={(field) => field.toUpperCase()}
        onClose={() => undefined}
      />,
    );
    const rows = tableBodyRows(await findDialog('Import'));
    expect(rows.map((row) => row.textContent)).toEqual([
      '1CODEThe column “Code” is missing',
      '2NAMEThis field is required',
      '3CODEThis value already exists',
      '4CODERepeats row 3',
      '5RANKmust be a rank from 1 to 5',
    ]);
    expect(screen.getByText('Nothing was imported: the file has 5 problems')).toBeInTheDocument();
  });
});
