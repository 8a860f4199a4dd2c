import { onConfigChange } from '../../config';
import type { Category } from '../../domain/lookup/categories';
import type { LookupProvider } from '../../domain/lookup/provider';
import { DatasetProvider } from './dataset-provider';
import { LocationPlacesProvider, placesSettingsFromEnv } from './location-provider';

/** One provider per category per process: the index they hold is the cold-start work. */
const providers = new Map<Category, LookupProvider>();
onConfigChange(() => providers.clear());

export function lookupProvider(category: Category): LookupProvider {
  let provider = providers.get(category);
  if (!provider) {
    const places = category === 'address' ? placesSettingsFromEnv() : undefined;
    provider = places ? new LocationPlacesProvider(places) : new DatasetProvider(category);
    providers.set(category, provider);
  }
  return provider;
}
