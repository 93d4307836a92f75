import dayjs from 'dayjs';

/** Date-times as the spec writes them (YYYY-MM-DD HH:mm:ss), in the browser's local time. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : value;
};

/** A reading with a fixed number of decimals and its unit; empty when there is no reading. */
export const formatNumber = (value: number | null | undefined, decimals: number, unit = ''): string =>
  value === null || value === undefined ? '' : `${value.toLocaleString(undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}${unit}`;

/** A file's size in bytes, KB or MB (1 KB = 1024 bytes), as file managers show it. */
export const formatFileSize = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? formatNumber(bytes / 1024, 1, ' KB') : formatNumber(bytes / 1024 / 1024, 1, ' MB');
