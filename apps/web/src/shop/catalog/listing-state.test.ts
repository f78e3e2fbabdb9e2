import { describe, expect, it } from 'vitest';
import { applyDraft } from './filter-panel';
import { countFilters, EMPTY_LISTING, listingSearch, parseListingState, withListingState } from './listing-state';

const parse = (query: string) => parseListingState(new URLSearchParams(query));

describe('the list state in an address', () => {
  it('reads every part and writes back the same, shortest address', () => {
    const query =
      'q=water+cooler&exact=1&category=Water+Coolers&brand=Voltas&price=1000%2B&availability=In+Stock&minPrice=500&maxPrice=20000&sort=price_asc';
    const state = parse(query);
    expect(state).toEqual({
      search: 'water cooler',
      exact: true,
      category: 'Water Coolers',
      brand: 'Voltas',
      priceRange: '1000+',
      availability: 'In Stock',
      minPrice: 500,
      maxPrice: 20000,
      sort: 'price_asc',
    });
    expect(listingSearch(state)).toBe(`?${query}`);
    expect(parse(listingSearch(state).slice(1))).toEqual(state);
    expect(listingSearch(EMPTY_LISTING)).toBe('');
  });

  it('reads what it does not know as no filter, and bounds the wrong way round as the same range', () => {
    expect(parse('price=cheap&availability=maybe&sort=cheapest&minPrice=abc&maxPrice=-5&exact=1')).toEqual(
      EMPTY_LISTING,
    );
    expect(parse('minPrice=20000&maxPrice=500')).toMatchObject({ minPrice: 500, maxPrice: 20000 });
    expect(parse('maxPrice=100000000').maxPrice).toBeUndefined();
    expect(parse('q=%20%20').search).toBe('');
  });

  it('changes only the parts given, keeps other names, and drops exact with the search', () => {
    const next = withListingState(new URLSearchParams('q=vest&exact=1&sort=newest&utm_source=chat'), {
      search: '',
      minPrice: 100,
    });
    expect(next.toString()).toBe('sort=newest&utm_source=chat&minPrice=100');
  });

  it('counts a minimum and a maximum price as one filter', () => {
    expect(countFilters({ ...EMPTY_LISTING, minPrice: 1, maxPrice: 2, brand: 'OPW' })).toBe(2);
    expect(countFilters(EMPTY_LISTING)).toBe(0);
  });
});

describe("the filter panel's price bounds", () => {
  const draft = { category: '', brand: '', priceRange: '' as const, availability: '' as const };

  it('applies whole rupees, with Indian grouping commas, and nothing for empty fields', () => {
    expect(applyDraft({ ...draft, minPrice: ' 1,000 ', maxPrice: '3,00,000' })).toEqual({
      filters: { ...draft, minPrice: 1000, maxPrice: 300000 },
    });
    expect(applyDraft({ ...draft, minPrice: '', maxPrice: '' })).toEqual({
      filters: { ...draft, minPrice: undefined, maxPrice: undefined },
    });
  });

  it('refuses what is not a whole number of rupees, and a minimum above the maximum, saying which', () => {
    expect(applyDraft({ ...draft, minPrice: '9.5', maxPrice: 'lots' })).toEqual({
      errors: {
        minPrice: 'Enter a whole number of rupees from 0 to 1,00,00,000.',
        maxPrice: 'Enter a whole number of rupees from 0 to 1,00,00,000.',
      },
    });
    expect(applyDraft({ ...draft, minPrice: '5000', maxPrice: '500' })).toEqual({
      errors: { maxPrice: 'The maximum price must not be below the minimum.' },
    });
  });
});
