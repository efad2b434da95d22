// @fieldport/dispatch: the day-plan solver (docs/decisions/062-day-plan-solver.md).
export { checkPlan, type PlanViolation } from './check.ts';
export { mulberry32 } from './random.ts';
export {
  type LargeProblem,
  type RegionOptions,
  type RegionRoute,
  type RegionSolution,
  type RegionStop,
  solveRegions,
} from './regions.ts';
export { parseSolomon, type SolomonInstance, solomonProblem } from './solomon.ts';
export { solve } from './solve.ts';
export {
  euclideanMatrix,
  haversineKm,
  haversineMatrix,
  type LatLon,
  matrixFrom,
  type RoadEstimate,
} from './travel.ts';
export type * from './types.ts';
