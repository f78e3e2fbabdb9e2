/**
 * The navbar's search box with suggestions while typing (docs/shop-rules.md#search), an ARIA combobox with a
 * listbox popup: from 2 characters, once typing pauses (200 ms), up to 8 products (picture, title, price) and the
 * matching categories; the list stays up with the last suggestions while the next ones load. ArrowDown and ArrowUp move the active option (focus stays in the box,
 * aria-activedescendant names the option), Enter opens the active one, Escape closes the list; Enter without an
 * active option closes it and leaves the search as typed, which the results already show (onSubmit).
 */
import { formatPrice, MESSAGES, SUGGEST_MIN_CHARS, type Suggestions } from '@pumpkart/shared';
import { useId, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useGetSuggestionsQuery } from '../catalog/catalog-api';
import { categoryPath, productPath } from '../../config/paths';
import { ProductImage } from '../catalog/product-image';
import { asBackground, type ProductLinkState } from '../catalog/product-route-state';
import { useDebouncedValue } from '../../ui/use-debounced-value';

const SUGGEST_DEBOUNCE_MS = 200;

type Option = { kind: 'product'; product: Suggestions['products'][number] } | { kind: 'category'; category: string };

const optionsOf = (suggestions: Suggestions | undefined): Option[] => [
  ...(suggestions?.products ?? []).map((product) => ({ kind: 'product' as const, product })),
  ...(suggestions?.categories ?? []).map((category) => ({ kind: 'category' as const, category })),
];

export function SearchBox({
  value,
  category,
  onChange,
  onSubmit,
}: {
  value: string;
  /** On a category page: its name, and the suggestions are its products only, as its results are. */
  category?: string;
  onChange: (value: string) => void;
  /** Enter without an active suggestion. */
  onSubmit: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebouncedValue(value.trim(), SUGGEST_DEBOUNCE_MS);
  const asking = term.length >= SUGGEST_MIN_CHARS && value.trim() !== '';
  // `data`, not `currentData`: while the next term's suggestions are on their way the list keeps the last ones,
  // rather than closing and opening again under the buyer's fingers (and under an arrow key pressed meanwhile).
  const { data } = useGetSuggestionsQuery({ q: term, category }, { skip: !asking });
  const options = asking ? optionsOf(data) : [];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  /** The first category after the products, set apart by a rule. */
  const startsCategories = (index: number) =>
    options[index]?.kind === 'category' && options[index - 1]?.kind === 'product';

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: Option) => {
    close();
    if (option.kind === 'category') void navigate(categoryPath(option.category));
    else {
      const state: ProductLinkState = { background: asBackground(location) };
      void navigate(productPath(option.product._id), { state });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From no active option, ArrowDown goes to the first and ArrowUp to the last; then they wrap.
      setActive((current) =>
        expanded && current >= 0
          ? (current + step + options.length) % options.length
          : step > 0
            ? 0
            : options.length - 1,
      );
    } else if (event.key === 'Enter') {
      const option = expanded ? options[active] : undefined;
      event.preventDefault();
      if (option) choose(option);
      else {
        close();
        onSubmit();
      }
    } else if (event.key === 'Escape' && expanded) {
      // The list closes; the typed text stays (a second Escape is the browser's: it clears the box).
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="relative min-w-0 flex-1">
      <label className="sr-only" htmlFor="navbar-search">
        Search products
      </label>
      <input
        id="navbar-search"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder="Search products..."
        className="w-full rounded-lg border-0 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={MESSAGES.suggestionsLabel}
        hidden={!expanded}
        // A click on an option must not blur the box first (that would close the list under the pointer).
        onMouseDown={(event) => event.preventDefault()}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg bg-white py-1 text-slate-900 shadow-lg ring-1 ring-black/10"
      >
        {options.map((option, index) => (
          <li
            key={option.kind === 'product' ? option.product._id : `category:${option.category}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onClick={() => choose(option)}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-brand-50' : ''} ${startsCategories(index) ? 'border-t border-slate-200' : ''}`}
          >
            {option.kind === 'product' ? (
              <>
                <ProductImage
                  image={option.product.image ?? undefined}
                  alt=""
                  sizes="40px"
                  width={40}
                  height={40}
                  className="h-10 w-10 shrink-0 rounded object-cover text-[0px]"
                />
                {/* On a phone the list is as narrow as the box: the price goes under the title. */}
                <span className="flex min-w-0 flex-1 flex-col md:flex-row md:items-center md:gap-3">
                  <span className="line-clamp-2 min-w-0 md:flex-1">{option.product.title}</span>
                  <span className="shrink-0 font-semibold tabular-nums">{formatPrice(option.product.price)}</span>
                </span>
              </>
            ) : (
              <span className="min-w-0 flex-1 truncate font-medium text-brand-800">
                {MESSAGES.suggestedCategory(option.category)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
