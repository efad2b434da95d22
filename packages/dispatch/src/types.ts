// The solver's input and output. Places are indices into the plan's travel matrix (travel.ts builds one
// from coordinates or from any (from, to) function). Times are plain numbers in one unit chosen by the
// caller (minutes since midnight of the plan's first day, say); travel durations must be in that unit.

/** Travel between the plan's places: row-major `size × size` arrays, `duration[from * size + to]`. */
export interface TravelMatrix {
  size: number;
  duration: Float64Array;
  distance: Float64Array;
}

/** A window on the start of a job's service: it may start at `start` at the earliest and `end` at the latest. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** Something already in a technician's day at a fixed time: an appointment, or an absence (at the place the caller says they are). */
export interface FixedStop {
  id: string;
  place: number;
  start: number;
  duration: number;
  kind?: 'appointment' | 'absence';
}

export interface Technician {
  id: string;
  /** Where the day starts and ends (home or office). */
  start: number;
  end: number;
  /** Working hours: leave `start` at `earliest` at the soonest, be back at `end` by `latest`. */
  earliest: number;
  latest: number;
  /** What the van carries (same unit as the jobs' demand); none = unlimited. */
  capacity?: number | null;
  /** The department or territory the technician belongs to. */
  department?: string | null;
  skills?: readonly string[];
  fixed?: readonly FixedStop[];
}

export interface Job {
  id: string;
  /** Null when the job has no known place: it comes back unplaced with `no_place`. */
  place: number | null;
  duration: number;
  /** Windows on the start of service; none = any time within the technician's hours. */
  windows?: readonly TimeWindow[];
  /** Latest end of service (a priority's deadline). Hard: a job that cannot end by it is not placed. */
  deadline?: number | null;
  /** Departments that may serve it; none or empty = any. */
  departments?: readonly string[] | null;
  /** Skills the technician must all have. */
  skills?: readonly string[];
  /** Higher is placed first: one job of a higher priority outweighs any number of lower ones. */
  priority?: number;
  demand?: number;
}

export interface Problem {
  technicians: readonly Technician[];
  jobs: readonly Job[];
  travel: TravelMatrix;
}

export interface SolveOptions {
  seed?: number;
  /** Improvement iterations (ruin-and-recreate rounds). With it, a plan is the same on any machine. */
  iterations?: number;
  /** A cap on the wall-clock time, always respected (default 1,000 ms when no iteration limit is set). */
  timeLimitMs?: number;
  /** What travel costs: its duration (default) or its distance. */
  objective?: 'duration' | 'distance';
  /**
   * Weight of balanced days, after travel: cost += weight × Σ (route work time)² / (technician's hours).
   * 0 turns it off (the benchmark). Default 0.01: a tie-breaker that rarely outweighs real travel.
   */
  balanceWeight?: number;
  /** The clock for the time limit (default performance.now). */
  clock?: () => number;
  /** Compute each placement's next-best technician (an extra O(jobs × stops) pass; default true). */
  explain?: boolean;
}

export type UnplacedReason =
  | 'no_skill'
  | 'no_department'
  | 'no_window'
  | 'no_place'
  | 'no_capacity'
  | 'no_time';

export interface PlannedStop {
  /** The job's or fixed stop's id. */
  id: string;
  kind: 'job' | 'appointment' | 'absence';
  place: number;
  arrival: number;
  wait: number;
  start: number;
  end: number;
  /** The travel leg before this stop, from the previous stop or the technician's start. */
  travelDuration: number;
  travelDistance: number;
  /** For jobs: the window it meets (index into the job's windows; -1 when the job had none). */
  window?: number;
  /** For jobs: what this stop adds to the route's travel cost (leaving it out would save this). */
  insertionCost?: number;
  /** For jobs: the cheapest feasible insertion into another technician's day in this plan, if any. */
  nextBest?: { technician: string; cost: number } | null;
}

export interface PlannedRoute {
  technician: string;
  /** When to leave the start place: as late as possible without changing any start. */
  departure: number;
  stops: PlannedStop[];
  /** Arrival back at the end place. */
  returnArrival: number;
  returnTravelDuration: number;
  returnTravelDistance: number;
  travelDuration: number;
  travelDistance: number;
  load: number;
  /** The fixed stops alone cannot be driven in time (or break the hours): the day is kept as given and gets no jobs. */
  fixedConflict: boolean;
}

export interface Solution {
  routes: PlannedRoute[];
  unplaced: { id: string; reason: UnplacedReason }[];
  travelDuration: number;
  travelDistance: number;
  iterations: number;
  ms: number;
}
