import dayjs from 'dayjs';

/** Date-times as the spec writes them (YYYY-MM-DD HH:mm:ss), in the browser's local time. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : value;
};
