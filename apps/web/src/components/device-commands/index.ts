/**
 * Remote commands from the console (device protocol section 9 and 10), shared by the screens that
 * send them (a battery's page, the Loggers screen): send, follow, and upgrade from the firmware library.
 */
export { commandKeys } from './command-keys';
export { CommandProgress, useDeviceCodeText } from './command-progress';
export { RemoteUpgradeForm, type UpgradeTarget } from './remote-upgrade-form';
export { isFinished, useCommand } from './use-command';
export { operateDevice, useOperateDevice } from './use-operate-device';
export { useFirmwareChoices } from './use-firmware-choices';
