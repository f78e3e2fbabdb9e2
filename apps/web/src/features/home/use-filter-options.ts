/**
 * The filter panel's Category and Brand options, from the server's lists (docs/shop-rules.md#filters).
 * Loaded the first time the panel opens; a failure is only logged.
 */
import { useEffect, useState } from 'react';
import { catalogApi } from '../../api/endpoints';

export function useFilterOptions(wanted: boolean) {
  const [options, setOptions] = useState<{ categories: string[]; brands: string[] } | null>(null);
  const load = wanted && options === null;

  useEffect(() => {
    if (!load) return;
    let cancelled = false;
    Promise.all([
      catalogApi.categories().catch((error: unknown) => {
        console.error('Failed to load categories', error);
        return [] as string[];
      }),
      catalogApi.brands().catch((error: unknown) => {
        console.error('Failed to load brands', error);
        return [] as string[];
      }),
    ]).then(([categories, brands]) => {
      if (!cancelled) setOptions({ categories, brands });
    });
    return () => {
      cancelled = true;
    };
  }, [load]);

  return options ?? { categories: [], brands: [] };
}
