import type { StationRepository } from './station.repository.js';

/**
 * The station module's face: what follows a change of a user's place in the hierarchy (its
 * stations move with it to its new branch). The door builds it once, as `app.stations`; the
 * module's repository stays its own.
 */
export const createStationMoves = (repository: StationRepository) => {
  const { rebranch } = repository;
  return { rebranch };
};

export type StationMoves = ReturnType<typeof createStationMoves>;
