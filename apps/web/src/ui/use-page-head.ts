/**
 * The document's title and meta description while a page is shown (docs/shop-rules.md#seo): the same texts the
 * server writes into the product and category pages' HTML (@pumpkart/shared page-head.ts), kept right as the
 * buyer moves inside the app. Pages that set one form a stack: a product modal's head covers its background
 * page's and hands it back when it closes; with none set, the shop's own title and description.
 */
import { useEffect } from 'react';
import { SHOP_DESCRIPTION, SHOP_TITLE, type PageHead } from '@pumpkart/shared';

const shown: PageHead[] = [];

function apply() {
  const head = shown.at(-1) ?? { title: SHOP_TITLE, description: SHOP_DESCRIPTION };
  document.title = head.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
}

/** Shows `head` while the calling component is mounted (nothing while it is undefined, e.g. still loading). */
export function usePageHead(head: PageHead | undefined) {
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const entry = { title, description };
    shown.push(entry);
    apply();
    return () => {
      shown.splice(shown.indexOf(entry), 1);
      apply();
    };
  }, [title, description]);
}
