// Moved to src/lib so the stations feature shows readings and battery states the same way.
export { formatNumber } from '@/lib/format';
export { batteryStatusColor as statusColor } from '@/lib/battery-status';
