import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';
import { releaseStore } from '#adapters/store/releases-store';
import { listReleases } from '#domain/releases/release';

/** GET /staff/api/releases: the scheduled releases not yet run, soonest first. */
export const handler = httpHandler(route('listReleases'), async () => ({ items: await listReleases({ releases: releaseStore }) }));
