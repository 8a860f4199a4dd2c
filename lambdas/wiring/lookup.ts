/**
 * The lookups' composition: per category, Amazon Location where the deployment configured it for
 * addresses, otherwise the imported dataset (the lookup table, or the local stack's sample-backed
 * stand-in for it).
 */
import { log } from '#adapters/log';
import { DatasetProvider, tableSource, type DatasetSource } from '#adapters/lookup/dataset-provider';
import { LocationPlacesProvider, placesSettingsFromEnv } from '#adapters/lookup/location-provider';
import type { LookupProvider } from '#domain/lookup/provider';
import { CATEGORIES, type Category } from '#form/wire/lookup';
import { onConfigChange } from '#lambdas/config';
import { standIn } from './stand-ins';

/** The installed source at each read, so a provider made before the stack started reads the right one. */
const datasetSource: DatasetSource = {
  version: (category) => (standIn('lookupSource') ?? tableSource).version(category),
  records: (category, pointer) => (standIn('lookupSource') ?? tableSource).records(category, pointer),
  fallback: (category) => (standIn('lookupSource') ?? tableSource).fallback(category),
};

/** One provider per category per process: the index they hold is the cold-start work. */
const providers = new Map<Category, LookupProvider>();
onConfigChange(() => providers.clear());

export function lookupProvider(category: Category): LookupProvider {
  let provider = providers.get(category);
  if (!provider) {
    const places = category === 'address' ? placesSettingsFromEnv() : undefined;
    provider = places ? new LocationPlacesProvider(places) : new DatasetProvider(category, datasetSource);
    providers.set(category, provider);
  }
  return provider;
}

/**
 * Builds the dataset indexes ahead of the first request. In Lambda this runs during init,
 * which is not billed against the first caller's latency budget in the same way; a failure
 * is logged and the first request tries again.
 */
export async function warmLookups(categories: readonly Category[] = CATEGORIES): Promise<void> {
  await Promise.all(
    categories.map(async (category) => {
      const provider = lookupProvider(category);
      if (!(provider instanceof DatasetProvider)) return;
      try {
        await provider.index();
      } catch (error) {
        log.warn('lookup warm-up failed', { category, error });
      }
    }),
  );
}
