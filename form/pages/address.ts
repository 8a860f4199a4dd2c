/** Address blocks share one shape; only the key prefix and labels differ. */
import { autocomplete, dropdown, text } from '../build';
import { countries, statesByCountry } from '../options';
import type { FormNode } from '../types';

interface AddressKeys {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export const addressKeys = (prefix: string): AddressKeys => ({
  line1: `${prefix}address_line_1`,
  line2: `${prefix}address_line_2`,
  city: `${prefix}city`,
  state: `${prefix}state`,
  zip: `${prefix}zip`,
  country: `${prefix}country`,
});

/**
 * Country first, because the state dropdown depends on it (USA: states, territories and armed
 * forces; CAN: provinces and territories; elsewhere no state). Choosing an address suggestion
 * fills the other lines it provides and never changes a country already chosen.
 */
export function addressFields(k: AddressKeys, o: { required: boolean; labelPrefix?: string }): FormNode[] {
  const p = o.labelPrefix ?? '';
  const required = { optional: !o.required };
  return [
    dropdown(k.country, `${p}Country`, countries, required),
    autocomplete(
      k.line1,
      `${p}Address`,
      'address',
      {
        address_line_2: k.line2,
        city: k.city,
        state: k.state,
        state_desc: `${k.state}_desc`,
        zip: k.zip,
      },
      {
        ...required,
        hint: 'Start typing to search, or enter your address yourself.',
        // The country is chosen above the line; a suggestion only fills it while it is blank.
        fillsIfBlank: { country: k.country, country_desc: `${k.country}_desc` },
        manualHint: 'Enter the rest of your address below.',
      },
    ),
    text(k.line2, `${p}Address Line 2`),
    text(k.city, `${p}City`, required),
    dropdown(k.state, `${p}State/Province`, [], { ...required, dependsOn: { valueKey: k.country, optionsByValue: statesByCountry } }),
    text(k.zip, `${p}ZIP/Postal Code`, { ...required, maxLength: 10, autoComplete: 'postal-code' }),
  ];
}
