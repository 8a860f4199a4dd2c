/**
 * Addresses from Amazon Location Service (a place index) for the address category in AWS:
 * suggestions while typing, the structured place when one is chosen. The place id is the
 * record id the web app sends back.
 */
import { GetPlaceCommand, LocationClient, SearchPlaceIndexForSuggestionsCommand, type Place } from '@aws-sdk/client-location';
import type { LookupProvider } from '#domain/lookup/provider';
import type { LookupRecord, Suggestion } from '#domain/lookup/records';
import { stateCodeFromName } from '#domain/lookup/regions';
import { config } from '#lambdas/config';

export function placeToRecord(id: string, place: Place): LookupRecord {
  // Amazon Location answers ISO 3166-1 alpha-3, the form's own country codes.
  const country = place.Country ?? '';
  const region = place.Region ?? '';
  const street = [place.AddressNumber, place.Street].filter(Boolean).join(' ');
  return {
    id,
    name: '',
    address_line_1: street || (place.Label ?? '').split(',')[0]!.trim(),
    address_line_2: [place.UnitType, place.UnitNumber].filter(Boolean).join(' '),
    city: place.Municipality ?? place.SubMunicipality ?? '',
    state: stateCodeFromName(country, region) ?? region,
    zip: place.PostalCode ?? '',
    country,
  };
}

/** "123 Main St, Springfield, IL 62701, USA" → text "123 Main St", sub_text the rest. */
export function suggestionFromText(text: string, id: string): Suggestion {
  const comma = text.indexOf(',');
  return comma === -1 ? { text, id, sub_text: '' } : { text: text.slice(0, comma).trim(), id, sub_text: text.slice(comma + 1).trim() };
}

export interface PlacesSettings {
  indexName: string;
  /** Alpha-3 codes the suggestions are limited to (default USA). */
  countries: string[];
}

/**
 * Read once per process. LOOKUP_PLACE_INDEX comes with the lookupData grant (lambdas/config.ts
 * ENV_BY_RESOURCE; the CDK stack creates the place index); the local stack has none, and its
 * absence selects the dataset provider.
 */
export function placesSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): PlacesSettings | undefined {
  const indexName = env.LOOKUP_PLACE_INDEX?.trim();
  if (!indexName) return undefined;
  const countries = (env.LOOKUP_PLACE_COUNTRIES ?? 'USA')
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  return { indexName, countries };
}

/** The one method of LocationClient used here, so tests can stand in for the service. */
export interface PlacesClient {
  send(command: SearchPlaceIndexForSuggestionsCommand | GetPlaceCommand): Promise<unknown>;
}

export class LocationPlacesProvider implements LookupProvider {
  constructor(
    private readonly settings: PlacesSettings,
    private readonly client: PlacesClient = new LocationClient({ region: config().region, maxAttempts: 2 }),
  ) {}

  async search(text: string, maxResults: number): Promise<Suggestion[]> {
    const out = (await this.client.send(
      new SearchPlaceIndexForSuggestionsCommand({
        IndexName: this.settings.indexName,
        Text: text,
        MaxResults: maxResults,
        FilterCountries: this.settings.countries,
        Language: 'en',
      }),
    )) as { Results?: { Text?: string; PlaceId?: string }[] };
    return (out.Results ?? [])
      .filter((r): r is { Text: string; PlaceId: string } => Boolean(r.Text && r.PlaceId))
      .slice(0, maxResults)
      .map((r) => suggestionFromText(r.Text, r.PlaceId));
  }

  async record(id: string): Promise<LookupRecord | undefined> {
    try {
      const out = (await this.client.send(new GetPlaceCommand({ IndexName: this.settings.indexName, PlaceId: id, Language: 'en' }))) as { Place?: Place };
      return out.Place ? placeToRecord(id, out.Place) : undefined;
    } catch (error) {
      // An id the service does not know (stale or made up) is a missing record, not an outage.
      const name = (error as Error).name;
      if (name === 'ResourceNotFoundException' || name === 'ValidationException') return undefined;
      throw error;
    }
  }
}
