import { GetPlaceCommand, SearchPlaceIndexForSuggestionsCommand } from '@aws-sdk/client-location';
import { LocationPlacesProvider, placesSettingsFromEnv, placeToRecord, type PlacesClient } from './location-provider';

/** Stands in for Amazon Location: answers by command type and records what was asked. */
function fakeClient(answers: { suggestions?: unknown; place?: unknown; error?: string }) {
  const sent: unknown[] = [];
  const client: PlacesClient = {
    async send(command) {
      sent.push(command.input);
      if (answers.error) throw Object.assign(new Error('no such place'), { name: answers.error });
      if (command instanceof SearchPlaceIndexForSuggestionsCommand) return answers.suggestions;
      if (command instanceof GetPlaceCommand) return answers.place;
      throw new Error('unexpected command');
    },
  };
  return { client, sent };
}

const settings = { indexName: 'places', countries: ['USA'] };

describe('Amazon Location address provider', () => {
  it('turns suggestions into autocomplete items, at most as many as asked', async () => {
    const { client, sent } = fakeClient({
      suggestions: {
        Results: [
          { Text: '12 Main St, Erie, PA 16501, USA', PlaceId: 'p1' },
          { Text: 'no place id' },
          { Text: '14 Main St, Erie, PA 16501, USA', PlaceId: 'p2' },
          { Text: '16 Main St, Erie, PA 16501, USA', PlaceId: 'p3' },
        ],
      },
    });
    const provider = new LocationPlacesProvider(settings, client);
    expect(await provider.search('12 main', 2)).toEqual([
      { text: '12 Main St', id: 'p1', sub_text: 'Erie, PA 16501, USA' },
      { text: '14 Main St', id: 'p2', sub_text: 'Erie, PA 16501, USA' },
    ]);
    expect(sent[0]).toMatchObject({ IndexName: 'places', Text: '12 main', MaxResults: 2, FilterCountries: ['USA'] });
  });

  it('maps a place to the record fields, state names to codes', async () => {
    const place = {
      AddressNumber: '12',
      Street: 'Main St',
      Municipality: 'Erie',
      Region: 'Pennsylvania',
      PostalCode: '16501',
      Country: 'USA',
      UnitType: 'Apt',
      UnitNumber: '4',
      Geometry: {},
    };
    const { client } = fakeClient({ place: { Place: place } });
    expect(await new LocationPlacesProvider(settings, client).record('p1')).toEqual({
      id: 'p1',
      name: '',
      address_line_1: '12 Main St',
      address_line_2: 'Apt 4',
      city: 'Erie',
      state: 'PA',
      zip: '16501',
      country: 'USA',
    });
  });

  it('keeps a region it cannot code, and the label when there is no street', () => {
    expect(placeToRecord('p', { Label: 'Trinity College, Dublin, IRL', Region: 'Leinster', Country: 'IRL', Geometry: undefined })).toMatchObject({
      address_line_1: 'Trinity College',
      state: 'Leinster',
      country: 'IRL',
    });
  });

  it('treats an unknown place id as a missing record', async () => {
    const { client } = fakeClient({ error: 'ResourceNotFoundException' });
    expect(await new LocationPlacesProvider(settings, client).record('stale')).toBeUndefined();
  });

  it('passes service failures on', async () => {
    const { client } = fakeClient({ error: 'ThrottlingException' });
    await expect(new LocationPlacesProvider(settings, client).record('p1')).rejects.toThrow('no such place');
  });

  it('is configured only where a place index is named', () => {
    expect(placesSettingsFromEnv({})).toBeUndefined();
    expect(placesSettingsFromEnv({ LOOKUP_PLACE_INDEX: 'idx', LOOKUP_PLACE_COUNTRIES: 'usa, can' })).toEqual({ indexName: 'idx', countries: ['USA', 'CAN'] });
  });
});
