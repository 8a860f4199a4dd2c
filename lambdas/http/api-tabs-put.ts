import { saveTab } from '#adapters/store/tabs-store';
import { saveTabInput } from '#form/wire/form-state';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';

export const handler = httpHandler(
  lockedAfterSubmit(routeRow('saveTab', { access: 'applicant', lockedAfterSubmit: true })),
  saveTabInput,
  async ({ applicant, body }) => {
    await saveTab(applicant.sub, body.tabId, body.chosen);
    return { message: 'Tab saved.', tab_id: body.tabId, chosen_tab: body.chosen };
  },
);
