/** A reading with a fixed number of decimals and its unit; empty when there is no reading. */
export const formatNumber = (value: number | null, decimals: number, unit = ''): string =>
  value === null ? '' : `${value.toLocaleString(undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}${unit}`;

/** Tag colour of a battery status (spec section 4 device states). */
export const statusColor = (status: string): string => {
  switch (status) {
    case 'normal':
      return 'success';
    case 'warning':
      return 'warning';
    case 'upgrading':
      return 'processing';
    case 'protect':
    case 'fault':
    case 'error':
      return 'error';
    default:
      return 'default';
  }
};
