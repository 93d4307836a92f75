import { type ReportRecord, endpointsOfResource, reportEndpoints, reportResource } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api, saveFile } from '@/lib/api-client';
import { type ReportSearch, reportExportPath } from '@/components/pickers/popup-report';

/** `POST /online/cgreport/head/parseSql`: the query's columns with their types, and its `${name}` parameters. */
export const useParseSql = () =>
  useMutation({
    mutationFn: async (body: { cgrSql: string; dbSource?: string | null }) => (await api.call(reportEndpoints.parseSql, { body })).result,
  });

/** The report's columns and parameters, loaded with the edited report. */
export const loadReportDefinition = async (id: string): Promise<Pick<ReportRecord, 'items' | 'params'>> => {
  const { items, params } = (await api.call(endpointsOfResource(reportResource).queryById, { query: { id } })).result;
  return { items: items ?? [], params: params ?? [] };
};

/** Downloads the whole report as searched and sorted (.xlsx). */
export const useReportExport = () =>
  useMutation({
    mutationFn: async ({ configId, name, query }: { configId: string; name: string; query: ReportSearch }) => saveFile(await api.download(reportExportPath(configId), query, `${name}.xlsx`)),
  });
