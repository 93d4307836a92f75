/** The popup report picker (spec sections 2, 3, 4, 5), for forms and for the editable grid's `popup` cells. */
export { PopupReportInput, popupConfigured, popupValues, type PopupReportInputProps } from './popup-report-input';
export { PopupReportModal } from './popup-report-modal';
export { PopupReportTable, reportRowKey, searchQueryOf, type ReportRow } from './popup-report-table';
export { popupReportKeys, reportExportPath, useReportColumns, useReportData, useReportQueryInfo, type ReportSearch } from './popup-report-api';
