/** Tag colour of a battery status (spec section 4 device states). */
export const batteryStatusColor = (status: string): string => {
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
