/**
 * One price list's editor (docs/shop-rules.md#business-prices): name and notes, the category rules (percent off),
 * the product rules (a fixed price for a product or one of its sizes, the product found by a search), saved
 * together; then the businesses the list is assigned to, picked by legal name and saved on their own.
 */
import { useState, type FormEvent } from 'react';
import { formatPrice, type PriceListDto, type PriceListRuleInput } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { useConfirm } from '../../ui/confirm-dialog';
import { useGetCategoriesQuery } from '../../shop/catalog/catalog-api';
import { BusinessPicker } from './business-picker';
import { ProductFinder, type FoundProduct } from './product-finder';
import { useDeletePriceListMutation, useSavePriceListMutation } from './price-lists-api';

interface CategoryRow {
  category: string;
  percent: string;
}
interface ProductRow {
  productId: string;
  title: string;
  variantId: string | null;
  size: string | null;
  listPrice: number | null;
  price: string;
  /** The product's sizes, when it was just found (a saved rule keeps its size). */
  sizes?: FoundProduct['variants'];
}

const input = 'rounded-lg border border-slate-300 px-2 py-1.5 text-sm';
const smallButton = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100';

export function PriceListEditor({
  list,
  onSaved,
  onDeleted,
}: {
  list: PriceListDto | null;
  onSaved: (id: string) => void;
  onDeleted: () => void;
}) {
  const [save, saving] = useSavePriceListMutation();
  const [remove] = useDeletePriceListMutation();
  const categories = useGetCategoriesQuery();
  const notify = useNotify();
  const { ask, dialog } = useConfirm();
  const [name, setName] = useState(list?.name ?? '');
  const [notes, setNotes] = useState(list?.notes ?? '');
  const [categoryRows, setCategoryRows] = useState<CategoryRow[]>(
    (list?.rules ?? []).flatMap((rule) =>
      rule.category ? [{ category: rule.category, percent: String(rule.percentOff ?? '') }] : [],
    ),
  );
  const [productRows, setProductRows] = useState<ProductRow[]>(
    (list?.rules ?? []).flatMap((rule) =>
      rule.productId
        ? [
            {
              productId: rule.productId,
              title: rule.productTitle ?? rule.productId,
              variantId: rule.variantId,
              size: rule.size,
              listPrice: rule.listPrice,
              price: String(rule.price ?? ''),
            },
          ]
        : [],
    ),
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const rules: PriceListRuleInput[] = [
      ...categoryRows.map((row) => ({
        category: row.category,
        productId: null,
        variantId: null,
        percentOff: Number(row.percent),
        price: null,
      })),
      ...productRows.map((row) => ({
        category: null,
        productId: row.productId,
        variantId: row.variantId,
        percentOff: null,
        price: Number(row.price),
      })),
    ];
    try {
      const saved = await save({ id: list?._id ?? null, body: { name, notes, rules } }).unwrap();
      notify('The price list was saved.', 'success');
      onSaved(saved._id);
    } catch (failure) {
      notify(errorMessage(failure, 'The price list could not be saved.'), 'error');
    }
  };

  const onDelete = async () => {
    if (!list) return;
    const sure = await ask({
      title: 'Delete this price list?',
      message: `${list.name} is deleted; its businesses buy at list prices.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!sure) return;
    try {
      notify((await remove(list._id).unwrap()).message, 'success');
      onDeleted();
    } catch (failure) {
      notify(errorMessage(failure, 'The price list could not be deleted.'), 'error');
    }
  };

  const addProduct = (product: FoundProduct) =>
    setProductRows((rows) => [
      ...rows,
      {
        productId: product._id,
        title: product.title,
        variantId: null,
        size: null,
        listPrice: product.variants.length ? null : product.price,
        price: '',
        sizes: product.variants,
      },
    ]);
  const setProductRow = (index: number, change: Partial<ProductRow>) =>
    setProductRows((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="price-list-heading">
      {dialog}
      <h2 id="price-list-heading" className="text-lg font-semibold text-slate-900">
        {list ? list.name : 'New price list'}
      </h2>
      <form onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-medium text-slate-700">
            Name
            <input
              className={`${input} mt-1 block w-full`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={100}
            />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Notes
            <input
              className={`${input} mt-1 block w-full`}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={1000}
            />
          </label>
        </div>

        <fieldset className="space-y-2">
          <legend className="font-medium text-slate-900">Categories: percentage off</legend>
          {categoryRows.map((row, index) => (
            <div key={index} className="flex flex-wrap items-center gap-2" data-testid="category-rule">
              <select
                aria-label={`Category of rule ${index + 1}`}
                className={input}
                value={row.category}
                onChange={(e) =>
                  setCategoryRows((rows) => rows.map((r, i) => (i === index ? { ...r, category: e.target.value } : r)))
                }
              >
                <option value="">Choose a category</option>
                {(categories.data ?? []).map((category) => (
                  <option key={category}>{category}</option>
                ))}
              </select>
              <label className="flex items-center gap-1 text-sm">
                <input
                  type="number"
                  min={0.01}
                  max={99.99}
                  step={0.01}
                  required
                  aria-label={`Percent off of rule ${index + 1}`}
                  className={`${input} w-24`}
                  value={row.percent}
                  onChange={(e) =>
                    setCategoryRows((rows) => rows.map((r, i) => (i === index ? { ...r, percent: e.target.value } : r)))
                  }
                />
                % off
              </label>
              <button
                type="button"
                className={smallButton}
                onClick={() => setCategoryRows((rows) => rows.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className={smallButton}
            onClick={() => setCategoryRows((rows) => [...rows, { category: '', percent: '' }])}
          >
            Add a category rule
          </button>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="font-medium text-slate-900">Products and sizes: fixed price</legend>
          {productRows.map((row, index) => (
            <div key={index} className="flex flex-wrap items-center gap-2" data-testid="product-rule">
              <span className="min-w-40 text-sm font-medium text-slate-900">{row.title}</span>
              {row.sizes && row.sizes.length > 0 ? (
                <select
                  aria-label={`Size of ${row.title}`}
                  className={input}
                  value={row.variantId ?? ''}
                  onChange={(e) => {
                    const size = row.sizes!.find((v) => v._id === e.target.value);
                    setProductRow(index, {
                      variantId: size?._id ?? null,
                      size: size?.size ?? null,
                      listPrice: size?.price ?? null,
                    });
                  }}
                >
                  <option value="">Every size</option>
                  {row.sizes.map((v) => (
                    <option key={v._id} value={v._id}>
                      {v.size} ({formatPrice(v.price)})
                    </option>
                  ))}
                </select>
              ) : (
                row.size && <span className="text-sm text-slate-600">Size {row.size}</span>
              )}
              {row.listPrice !== null && (
                <span className="text-xs text-slate-600">List {formatPrice(row.listPrice)}</span>
              )}
              <label className="flex items-center gap-1 text-sm">
                ₹
                <input
                  type="number"
                  min={0}
                  step={0.01}
                  required
                  aria-label={`Price of ${row.title}${row.size ? ` (${row.size})` : ''}`}
                  className={`${input} w-28`}
                  value={row.price}
                  onChange={(e) => setProductRow(index, { price: e.target.value })}
                />
              </label>
              <button
                type="button"
                className={smallButton}
                onClick={() => setProductRows((rows) => rows.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </div>
          ))}
          <ProductFinder onPick={addProduct} />
        </fieldset>

        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={saving.isLoading}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {saving.isLoading ? 'Saving…' : 'Save price list'}
          </button>
          {list && (
            <button
              type="button"
              onClick={onDelete}
              className="rounded-lg px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              Delete price list
            </button>
          )}
        </div>
      </form>
      {list && <BusinessPicker list={list} />}
    </section>
  );
}
