import Supercluster, { type PointFeature } from 'supercluster';
import { clusterLabel, markerColor } from './map-markers.ts';

/**
 * A place on the map: the jobs at one point (maps/NearbyJobs). Count is how many jobs it stands for;
 * a cell of a clustered answer lists none of them (decision 082), and a click zooms into it.
 */
export interface MapPlace {
  Location: { Longitude: number; Latitude: number };
  Jobs: readonly { Id: number; JobStatusId: number; StatusColor: string }[];
  Count: number;
  JobStatusId: number;
  StatusColor: string;
}

/** A cell of a clustered answer: more jobs than it lists (none). */
const isCell = (place: MapPlace) => place.Jobs.length < place.Count;

interface PointProps {
  place: number;
  jobs: number;
  status: number;
  color: string;
}
interface ClusterProps {
  jobs: number;
  status: number;
  color: string;
}

/** What the map draws for one marker: a place or a cluster of places. */
export interface MapMarker {
  /** 'c12' for a cluster, 'p3' for a place: stable while the data and zoom stay. */
  key: string;
  lngLat: [number, number];
  /** How many jobs it stands for. */
  jobs: number;
  /** The count text, or '' for a single job's marker. */
  label: string;
  color: string;
  /** The place's index in the data (places only). */
  place: number | null;
  /** A cluster's id, to zoom into it (clusters only). */
  clusterId: number | null;
  /** The zoom level it was clustered at (its id belongs to that level). */
  zoom: number;
  /** A cell of a clustered answer (the server's): its jobs are listed only nearer. */
  cell: boolean;
}

/** The clustering radius in pixels: the markers are 28 px, so clusters never overlap. */
const CLUSTER_RADIUS = 48;
const CLUSTER_MAX_ZOOM = 16;

type PlaceFeature = PointFeature<PointProps>;

/**
 * The places clustered per zoom level (supercluster, decision 038). An index of one level is built the
 * first time the map shows that whole zoom and kept: a few milliseconds for 10,000 places, where all 17
 * levels at once would take several times the 15 ms budget. A cluster counts jobs (not places) and takes
 * the colour of its lowest status.
 */
export class PlaceClusters {
  private readonly points: PlaceFeature[];
  private readonly levels = new Map<number, Supercluster<PointProps, ClusterProps>>();

  readonly places: readonly MapPlace[];

  constructor(places: readonly MapPlace[]) {
    this.places = places;
    this.points = places.map((place, i) => ({
      type: 'Feature' as const,
      geometry: {
        type: 'Point' as const,
        coordinates: [place.Location.Longitude, place.Location.Latitude],
      },
      properties: {
        place: i,
        jobs: place.Count,
        status: place.JobStatusId,
        color: markerColor([place]),
      },
    }));
  }

  private level(zoom: number): Supercluster<PointProps, ClusterProps> {
    const z = Math.max(0, Math.min(CLUSTER_MAX_ZOOM, zoom));
    let index = this.levels.get(z);
    if (!index) {
      index = new Supercluster<PointProps, ClusterProps>({
        radius: CLUSTER_RADIUS,
        minZoom: z,
        maxZoom: z,
        map: (p) => ({ jobs: p.jobs, status: p.status, color: p.color }),
        reduce: (acc, p) => {
          acc.jobs += p.jobs;
          if (p.status < acc.status) {
            acc.status = p.status;
            acc.color = p.color;
          }
        },
      });
      index.load(this.points);
      this.levels.set(z, index);
    }
    return index;
  }

  /** The markers within a bounding box [west, south, east, north] at a zoom (above 16: every place). */
  markers(bbox: [number, number, number, number], zoom: number): MapMarker[] {
    const z = Math.max(0, Math.floor(zoom));
    return this.level(z)
      .getClusters(bbox, z)
      .map((f) => {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const p = f.properties;
        if ('cluster' in p && p.cluster) {
          return {
            key: `c${z}-${p.cluster_id}`,
            lngLat: [lng, lat] as [number, number],
            jobs: p.jobs,
            label: clusterLabel(p.jobs),
            color: p.color,
            place: null,
            clusterId: p.cluster_id,
            zoom: z,
            cell: false,
          };
        }
        const point = p as PointProps;
        return {
          key: `p${point.place}`,
          lngLat: [lng, lat] as [number, number],
          jobs: point.jobs,
          label: point.jobs > 1 ? clusterLabel(point.jobs) : '',
          color: point.color,
          place: point.place,
          clusterId: null,
          zoom: z,
          cell: isCell(this.places[point.place]!),
        };
      });
  }

  /**
   * The zoom at which a cluster of the markers at `zoom` splits into more than one marker (17: every
   * place on its own). Its places are clustered again from that zoom up, all levels this time, and
   * supercluster's getClusterExpansionZoom reads the answer; a few places cost little, and a click
   * asks it once.
   */
  expansionZoom(clusterId: number, zoom: number): number {
    const z = Math.max(0, Math.min(CLUSTER_MAX_ZOOM, Math.floor(zoom)));
    const leaves = this.level(z).getLeaves(clusterId, Number.POSITIVE_INFINITY) as PlaceFeature[];
    const own = new Supercluster<PointProps>({
      radius: CLUSTER_RADIUS,
      minZoom: z,
      maxZoom: CLUSTER_MAX_ZOOM,
    });
    own.load(leaves);
    const top = own.getClusters([-180, -90, 180, 90], z);
    const [only] = top;
    if (top.length !== 1 || !only || !('cluster' in only.properties)) return z + 1;
    return own.getClusterExpansionZoom(only.properties.cluster_id);
  }
}
