import { createRequire } from 'node:module';

/** One area row as stored. */
export interface AreaRow {
  code: string;
  parentCode: string | null;
  name: string;
  level: number;
}

/** china-area-data's placeholder entries ("districts under the city's direct administration"), not places anyone picks. */
const placeholders = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/**
 * Provinces, cities and districts from the china-area-data package (GB/T 2260, with Hong Kong,
 * Macao and Taiwan): its JSON maps a parent code ('86' for the country) to `{code: name}`. Read
 * only when the table is first filled, so the server does not hold it otherwise.
 */
export const readAreaRows = (): AreaRow[] => {
  const data = createRequire(import.meta.url)('china-area-data/data.json') as Record<string, Record<string, string>>;
  const rows: AreaRow[] = [];
  const walk = (parentCode: string, level: number) => {
    if (level > 3) return;
    for (const [code, name] of Object.entries(data[parentCode] ?? {})) {
      if (placeholders.has(name.trim())) continue;
      rows.push({ code, parentCode: level === 1 ? null : parentCode, name: name.trim(), level });
      walk(code, level + 1);
    }
  };
  walk('86', 1);
  return rows;
};
