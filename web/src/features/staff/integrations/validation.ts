import { object, string, type ObjectSchema } from 'yup';
import { SIS_SCOPES } from '#form/wire/sis';
import { SIS_CLIENT_FIELD_MESSAGES, SIS_CLIENT_NAME } from '#form/wire/sis-clients';
import type { Values } from '../shared/use-staff-form';

/** A scope's checkbox in the form's values: `scope.applications.read` is 'yes' when it is ticked. */
export const scopeField = (scope: string) => `scope.${scope}`;
export const chosenScopes = (v: Values) => SIS_SCOPES.filter((s) => v[scopeField(s)] === 'yes');

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The new client's form (the server checks the same and says more: a name taken, a day past). */
export const newClientSchema = object({
  name: string()
    .default('')
    .test('name', SIS_CLIENT_FIELD_MESSAGES.name, (v) => SIS_CLIENT_NAME.test((v ?? '').trim())),
  // The message sits on the group of checkboxes, where the summary's link leads.
  scopes: string()
    .default('')
    .test('some', SIS_CLIENT_FIELD_MESSAGES.scopes, function () {
      return chosenScopes(this.parent as Values).length > 0;
    }),
  expires: string()
    .default('')
    .test('day', SIS_CLIENT_FIELD_MESSAGES.expires, (v) => (v ?? '').trim() === '' || DAY.test((v ?? '').trim())),
}) as ObjectSchema<Values>;
