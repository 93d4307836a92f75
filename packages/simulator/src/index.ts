// Public API of the simulator: the server's DEMO mode and the ingestion benchmark import it in-process.
export { fleetCredentials, type FleetCredentialOptions, type LoggerCredentials } from './credentials.js';
export { startFleet, type Fleet, type FleetOptions, type FleetStats } from './fleet.js';
export { publishLoad, type LoadOptions, type LoadResult } from './load.js';
export { registerFleet, type RegisterOptions, type RegisterResult } from './register.js';
export { BatteryModel, defaultSettings, type BatteryConfig, type BatterySettings } from './battery-model.js';
export { checkCommand, NonceMemory, commandMaxAgeMs, type CommandCheck, type CommandAction } from './command-check.js';
export { loggerConnectOptions } from './messages.js';
export { type LogFn, type LogLevel } from './virtual-logger.js';
