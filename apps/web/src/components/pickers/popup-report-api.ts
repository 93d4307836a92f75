import { reportEndpoints } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The online report API (`/online/cgreport/api`, spec section 7), as the popup report picker and the report preview read it. */
const base = '/online/cgreport/api';

export type ReportSearch = Record<string, string>;

export const popupReportKeys = {
  all: ['online-report'] as const,
  columns: (code: string) => [...popupReportKeys.all, 'columns', code] as const,
  queryInfo: (configId: string) => [...popupReportKeys.all, 'query-info', configId] as const,
  data: (configId: string, query: ReportSearch) => [...popupReportKeys.all, 'data', configId, query] as const,
};

/** The shown columns of the report with this code, its dictionary options, id and name. */
export const useReportColumns = (code: string | undefined) =>
  useQuery({
    queryKey: popupReportKeys.columns(code ?? ''),
    queryFn: async () => (await api.call(reportEndpoints.columns, { params: { code: code ?? '' } })).result,
    enabled: Boolean(code),
  });

/** The report's search items (from the third on `hidden: '1'`: behind "more"). */
export const useReportQueryInfo = (configId: string | undefined) =>
  useQuery({
    queryKey: popupReportKeys.queryInfo(configId ?? ''),
    queryFn: async () => (await api.call(reportEndpoints.queryInfo, { params: { configId: configId ?? '' } })).result,
    enabled: Boolean(configId),
  });

/** One page of the report (pageNo, pageSize, column, order, search fields, `self_` parameters); the shown page stays while the next loads. */
export const useReportData = (configId: string | undefined, query: ReportSearch) =>
  useQuery({
    queryKey: popupReportKeys.data(configId ?? '', query),
    queryFn: async () => (await api.call(reportEndpoints.data, { params: { configId: configId ?? '' }, query })).result,
    enabled: Boolean(configId),
    placeholderData: keepPreviousData,
  });

/** `/exportXls/{configId}` with the same query: the whole report as searched and sorted. */
export const reportExportPath = (configId: string) => `${base}/exportXls/${encodeURIComponent(configId)}`;
