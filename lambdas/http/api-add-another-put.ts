import { showAddAnother } from '#domain/form-state';
import { saveAddAnotherInput } from '#form/wire/form-state';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { addAnotherPorts } from '#wiring/form-state';

export const handler = httpHandler(
  lockedAfterSubmit(routeRow('saveAddAnother', { access: 'applicant', lockedAfterSubmit: true })),
  saveAddAnotherInput,
  async ({ applicant, body }) => {
    await showAddAnother(addAnotherPorts(), applicant.application, body.buttonId, body.count);
    return { message: 'Saved.', button_id: body.buttonId, num_components: body.count };
  },
);
