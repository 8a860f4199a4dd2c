import { CATEGORIES, type Category } from '#domain/lookup/categories';
import type { LookupProvider } from '#domain/lookup/provider';
import { onConfigChange } from '#lambdas/config';
import { log } from '../log';
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
