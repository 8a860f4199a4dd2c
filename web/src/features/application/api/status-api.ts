import { ApiError, call } from '#web/lib/api-client';
import type { FieldMessages } from '#web/lib/api-client';
import type { WebStatus } from '../model';

/** POST /api/web-status: retried twice on failure (the status decides which screens the applicant sees), the only call that retries. */
export async function postWebStatus(web_status: WebStatus): Promise<void> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await call('advanceWebStatus', { body: { web_status } });
      return;
    } catch (e) {
      lastError = e;
      if (e instanceof ApiError && e.status === 401) break;
    }
  }
  throw lastError;
}

export const putLastPage = (last_page: string) => call('saveLastPage', { body: { last_page } });
export const postValidations = (problems: FieldMessages) => call('saveValidations', { body: problems });
export const postSubmit = () => call('submitApplication');
