import { describe, expect, it } from 'vitest';
import { checkPlan } from '../src/check.ts';
import { solveRegions } from '../src/regions.ts';
import { haversineMatrix, type LatLon } from '../src/travel.ts';
import type { Job, Technician } from '../src/types.ts';

/** Two towns 33 km apart, each with its technicians and jobs; one job needs a skill only a far technician has. */
function twoTowns() {
  const points: LatLon[] = [];
  const at = (lat: number, lon: number) => points.push({ lat, lon }) - 1;
  const technicians: Technician[] = [];
  for (let u = 0; u < 6; u++) {
    const town = u < 3 ? 59.9 : 60.2;
    const home = at(town + u * 0.01, 10.7);
    technicians.push({
      id: `t${u}`,
      start: home,
      end: home,
      earliest: 480,
      latest: 960,
      department: u % 2 === 0 ? 'a' : 'b',
      skills: u === 5 ? ['lift'] : [],
      fixed: [{ id: `f${u}`, place: at(town + 0.02, 10.72), start: 600, duration: 60 }],
    });
  }
  const jobs: Job[] = [];
  for (let j = 0; j < 24; j++) {
    const town = j < 12 ? 59.9 : 60.2;
    jobs.push({
      id: `j${j}`,
      place: at(town + ((j * 7) % 10) * 0.005, 10.6 + ((j * 3) % 10) * 0.01),
      duration: 30,
      windows: j % 5 === 0 ? [{ start: 720, end: 840 }] : [],
      departments: j % 3 === 0 ? ['b'] : [],
      skills: j === 1 ? ['lift'] : [],
    });
  }
  jobs.push({ id: 'nowhere', place: null, duration: 30 });
  jobs.push({ id: 'diver', place: at(60, 10), duration: 30, skills: ['diving'] });
  return { technicians, jobs, points };
}

describe('solveRegions', () => {
  it('splits a plan into regions, keeps every rule, and gives the far-away skill to the one who has it', async () => {
    const { technicians, jobs, points } = twoTowns();
    const full = haversineMatrix(points);
    const progress: number[] = [];
    const plan = await solveRegions(
      {
        technicians,
        jobs,
        points,
        travel: (places) => haversineMatrix(places.map((p) => points[p]!)),
      },
      { timeLimitMs: 400, regionJobs: 4, regionCells: 8, seed: 1, onProgress: (d) => void progress.push(d) },
    );
    expect(plan.regions).toBeGreaterThan(2);
    expect(checkPlan({ technicians, jobs, travel: full }, plan)).toEqual([]);
    expect(plan.unplaced).toEqual(
      expect.arrayContaining([
        { id: 'nowhere', reason: 'no_place' },
        { id: 'diver', reason: 'no_skill' },
      ]),
    );
    const lift = plan.routes.find((r) => r.stops.some((s) => s.id === 'j1'));
    expect(lift?.technician).toBe('t5');
    expect(plan.unplaced).toHaveLength(2);
    expect(progress.at(-1)).toBe(jobs.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('says what each job adds to its day', async () => {
    const { technicians, jobs, points } = twoTowns();
    const plan = await solveRegions(
      { technicians, jobs, points, travel: (places) => haversineMatrix(places.map((p) => points[p]!)) },
      { timeLimitMs: 200, regionJobs: 6, seed: 1 },
    );
    const stops = plan.routes.flatMap((r) => r.stops.filter((s) => s.kind === 'job'));
    expect(plan.unplaced.map((u) => u.id).sort()).toEqual(['diver', 'nowhere']);
    expect(stops.length).toBe(24);
    for (const s of stops) {
      expect(s.addedDistance).toBeGreaterThanOrEqual(-1e-9);
      expect(s.addedDuration).toBeGreaterThanOrEqual(-1e-9);
    }
  });
});
