import type { qrRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import type { FileStore } from './file-store.ts';

/** GET /api2/resource/?relativePath: a stored image (under the uploads folder only). */
export function resourceHandlers(files: FileStore): Pick<Handlers<typeof qrRoutes>, 'resourceGet'> {
  return {
    resourceGet: async ({ query }) => files.readImage(query.relativePath),
  };
}
