import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFromDate } from '@fieldport/contract';

const root = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
  version: string;
  fieldport: { releaseDate: string; revision: number };
};

/** Version, Build (days since 2000-01-01 of the release date, shown as the patch date) and Revision. */
export const VERSION = {
  Version: root.version,
  Build: buildFromDate(new Date(`${root.fieldport.releaseDate}T00:00:00Z`)),
  Revision: root.fieldport.revision,
};
