/**
 * The demo catalog: the products of demo-products.ts with their tax data (demo-tax-data.ts), equipment data
 * (demo-equipment.ts) and service kinds (demo-services.ts), each
 * with a picture drawn locally (artwork.ts) and stored through the same image pipeline as uploads. The pictures are
 * rendered in parallel with a small concurrency, then everything is written in one transaction;
 * if that fails, the stored pictures are removed again. Called by index.ts on an empty
 * products table; answers the number of products created.
 */
import { productFormSchema, toPaise } from '@pumpkart/shared';
import type { AppContext } from '../context';
import { processImages, productValues, removeStoredImages } from '../modules/products';
import { productImages, products, productVariants } from '../db/schema';
import { productArtwork } from './artwork';
import { DEMO_PRODUCTS } from './demo-products';
import { demoTaxFields } from './demo-tax-data';
import { demoEquipmentFields } from './demo-equipment';
import { demoServiceFields } from './demo-services';

const RENDER_CONCURRENCY = 4;
/** Flat drawings compress nearly as well at effort 1, which renders about twice as fast as 4. */
const WEBP_EFFORT = 1;

export async function seedDemoCatalog(ctx: Pick<AppContext, 'db' | 'storage'>): Promise<number> {
  // Validated with the admin form's own schema: the demo obeys the same rules as a real product.
  const forms = DEMO_PRODUCTS.map((product) =>
    productFormSchema.parse({
      title: product.title,
      description: product.description,
      category: product.category,
      brand: product.brand,
      price: product.price,
      stock: product.stock,
      lowStockThreshold: product.lowStockThreshold,
      variants: product.variants,
      ...demoTaxFields(product.title),
      ...demoEquipmentFields(product.title),
      ...demoServiceFields(product.title),
    }),
  );
  const pictures = await processImages(
    ctx.storage,
    DEMO_PRODUCTS.map((product, index) => ({
      name: `${product.title}.svg`,
      data: Buffer.from(productArtwork({ ...product, variant: index })),
    })),
    { allowSvg: true, concurrency: RENDER_CONCURRENCY, webpEffort: WEBP_EFFORT },
  );

  // The first product of the list is the newest, one minute apart, so the demo has a stable order.
  const now = Date.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .insert(products)
        .values(forms.map((form, index) => ({ ...productValues(form), createdAt: new Date(now - index * 60_000) })))
        .returning({ id: products.id, title: products.title });
      const idOf = new Map(rows.map((row) => [row.title, row.id]));
      const variants = forms.flatMap((form) =>
        form.variants.map((variant, position) => ({
          productId: idOf.get(form.title)!,
          size: variant.size ?? null,
          pricePaise: toPaise(variant.price),
          stock: variant.stock,
          position,
        })),
      );
      if (variants.length > 0) await tx.insert(productVariants).values(variants);
      await tx.insert(productImages).values(
        pictures.map((picture, index) => ({
          productId: idOf.get(forms[index]!.title)!,
          publicId: picture.publicId,
          width: picture.width,
          height: picture.height,
          renditions: picture.renditions,
          position: 0,
        })),
      );
    });
  } catch (error) {
    await removeStoredImages(
      ctx.storage,
      pictures.map((picture) => picture.publicId),
    );
    throw error;
  }
  return forms.length;
}
