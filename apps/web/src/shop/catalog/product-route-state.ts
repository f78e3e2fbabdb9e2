/**
 * What a link to a product carries in the history entry (the "modal route" of features/product):
 * `background`, the page the product view opens over, and `landed`, set when the product was the
 * first page of the visit (a shared link, a bookmark, the return from login), so closing the view
 * replaces the URL with the background page instead of going back. Login keeps the same two for
 * the way back (`from` and `background`, docs/shop-rules.md#accounts).
 */
import { matchPath, type Location } from 'react-router';
import { paths } from '../../config/paths';

/** The part of a location the background page is rendered from. */
export type BackgroundLocation = Pick<Location, 'pathname' | 'search' | 'hash'> & Partial<Pick<Location, 'key'>>;

export interface ProductLinkState {
  background?: BackgroundLocation;
  landed?: boolean;
}

/** The state the login page reads: where to go back to after logging in. */
export interface LoginState {
  from?: string;
  background?: BackgroundLocation;
}

const isBackground = (value: unknown): value is BackgroundLocation =>
  Boolean(value && typeof value === 'object' && typeof (value as { pathname?: unknown }).pathname === 'string');

/** The background of a product location, or null when it is not one opened over another page. */
export function backgroundOf(location: Pick<Location, 'pathname' | 'state'>): BackgroundLocation | null {
  if (!matchPath(paths.product, location.pathname)) return null;
  const background = (location.state as ProductLinkState | null)?.background;
  return isBackground(background) ? background : null;
}

/** The background kept as much as the history entry needs (a plain object). */
export const asBackground = ({ pathname, search, hash, key }: BackgroundLocation): BackgroundLocation => ({
  pathname,
  search,
  hash,
  ...(key ? { key } : {}),
});

export const hrefOf = ({ pathname, search, hash }: BackgroundLocation) => `${pathname}${search}${hash}`;

/** The login page's state, checked: `from` is an in-app path only (never another site). */
export function loginStateOf(state: unknown): LoginState {
  const { from, background } = (state ?? {}) as LoginState;
  return {
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined,
    background: isBackground(background) ? background : undefined,
  };
}
