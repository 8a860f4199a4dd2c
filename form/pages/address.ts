/** Address blocks share one shape; only the key prefix and labels differ. */
import { autocomplete, dropdown, text } from '../build';
import type { AddressPrefix } from '../choices';
import { USA } from '../options';
import { MESSAGES as M } from '../validation/messages';

/** The keys of one address, typed by their prefix so the page's answer keys stay literal. */
interface AddressKeys<P extends AddressPrefix = AddressPrefix> {
  line1: `${P}address_line_1`;
  line2: `${P}address_line_2`;
  city: `${P}city`;
  state: `${P}state`;
  zip: `${P}zip`;
  country: `${P}country`;
}

export const addressKeys = <P extends AddressPrefix>(prefix: P): AddressKeys<P> => ({
  line1: `${prefix}address_line_1`,
  line2: `${prefix}address_line_2`,
  city: `${prefix}city`,
  state: `${prefix}state`,
  zip: `${prefix}zip`,
  country: `${prefix}country`,
});

/**
 * Country first, because the state dropdown depends on it (USA: states, territories and armed
 * forces; CAN: provinces and territories; elsewhere no state: choices.ts). Choosing an address
 * suggestion fills the other lines it provides and never changes a country already chosen.
 * `labelPrefix` names the address on screen and in print ("Mailing "); `printPrefix` only in print,
 * where a block's heading is not printed ("Parent/Guardian 1 ").
 */
export function addressFields<P extends AddressPrefix>(k: AddressKeys<P>, o: { required: boolean; labelPrefix?: string; printPrefix?: string }) {
  const p = o.labelPrefix ?? '';
  const printed = (label: string) => (o.printPrefix ? { printLabel: `${o.printPrefix}${p}${label}` } : {});
  const required = { required: o.required };
  return [
    dropdown(k.country, `${p}Country`, { ...required, ...printed('Country') }),
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
        ...printed('Address'),
        hint: 'Start typing to search, or enter your address yourself.',
        // The country is chosen above the line; a suggestion only fills it while it is blank.
        fillsIfBlank: { country: k.country, country_desc: `${k.country}_desc` },
        manualHint: 'Enter the rest of your address below.',
      },
    ),
    text(k.line2, `${p}Address Line 2`, printed('Address Line 2')),
    text(k.city, `${p}City`, { ...required, ...printed('City') }),
    // Shown only for a country with states (USA, CAN), so required only there.
    dropdown(k.state, `${p}State/Province`, {
      required: o.required && M.stateRequired,
      ...printed('State/Province'),
    }),
    text(k.zip, `${p}ZIP/Postal Code`, {
      required: o.required && { message: M.zipRequired, when: { valueKey: k.country, operator: 'equals', target: USA } },
      maxLength: 10,
      autoComplete: 'postal-code',
      ...printed('ZIP/Postal Code'),
    }),
  ];
}
