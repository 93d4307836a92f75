import type { StationRepository } from './station.repository.js';
import type { StationService } from './station.service.js';
import type { StationStatusRepository } from './station-status.repository.js';

/**
 * The station module's face: what follows a change of a user's place in the hierarchy (its
 * stations move with it to its new branch), a station's status refreshed when its loggers' state
 * or events change (the device plane), and a station added as the first start seeds it (the demo
 * fleet: the wizard's rules, without a data-log entry or live notices), and consoles told of a
 * station whose loggers changed. The door builds it once,
 * as `app.stations`; the module's repositories stay its own.
 */
export const createStationFace = (repository: StationRepository, statuses: StationStatusRepository, seeding: Pick<StationService, 'addStation'>, changed: (stationIds: string[]) => void) => ({
  rebranch: repository.rebranch,
  /** Tells the consoles that show these stations to reload them (a logger left one). */
  changed,
  refreshStatus: (stationId: string) => statuses.refresh(stationId),
  addSeedStation: seeding.addStation,
});

export type StationFace = ReturnType<typeof createStationFace>;
