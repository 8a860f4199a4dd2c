import { chooseTab } from '#domain/form-state';
import { saveTabInput } from '#form/wire/form-state';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { tabChoicePorts } from '#wiring/form-state';

export const handler = httpHandler(
  lockedAfterSubmit(routeRow('saveTab', { access: 'applicant', lockedAfterSubmit: true })),
  saveTabInput,
  async ({ applicant, body }) => {
    await chooseTab(tabChoicePorts(), applicant.application, body.tabId, body.chosen);
    return { message: 'Tab saved.', tab_id: body.tabId, chosen_tab: body.chosen };
  },
);
