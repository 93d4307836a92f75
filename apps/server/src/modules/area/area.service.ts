import { type AreaItem, areaLevels } from '@cellsight/contract';
import { notFound } from '../../lib/errors.js';
import { readAreaRows } from './area-data.js';
import type { AreaRepository } from './area.repository.js';

/** Areas for the area linkage picker; the table is filled from the data package on first use (a start of the server or a test stays quick). */
export const createAreaService = (repository: AreaRepository, readRows = readAreaRows) => {
  let filled: Promise<void> | null = null;
  const ready = () => {
    filled ??= (async () => {
      if (await repository.isEmpty()) await repository.fill(readRows());
    })().catch((error: unknown) => {
      // A failed fill is tried again by the next request.
      filled = null;
      throw error;
    });
    return filled;
  };

  return {
    async children(pid: string | undefined): Promise<AreaItem[]> {
      await ready();
      return repository.children(pid ? pid : null);
    },

    /** The area of `code` and those above it, from level 1 down; 404 naming `code` for an unknown code. */
    async path(code: string): Promise<AreaItem[]> {
      await ready();
      const chain: AreaItem[] = [];
      let next: string = code;
      while (next !== '' && chain.length < areaLevels) {
        const area = await repository.byCode(next);
        if (!area) break;
        chain.unshift(area);
        next = area.pid;
      }
      if (chain.length === 0) throw notFound('Area', 'code');
      return chain;
    },
  };
};
export type AreaService = ReturnType<typeof createAreaService>;
