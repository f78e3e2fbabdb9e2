/**
 * Where login (and signup, which logs the new buyer in) goes next (docs/shop-rules.md#accounts):
 * back to the page the visitor came from (`state.from`, set by the guards, the navbar's Login link
 * and the product view's 'Login to Buy'), a product again over the page it was opened from; with
 * nowhere to return to, the owner and the staff go to their first back-office page (docs/shop-rules.md#staff) and
 * a buyer to the home page. The owner and the staff return only to an admin page (a storefront page is not where
 * they work).
 */
import { isBackOffice, type Role } from '@pumpkart/shared';
import type { NavigateOptions } from 'react-router';
import { loginStateOf, type ProductLinkState } from '../../shop/catalog/product-route-state';
import { adminHomeOf } from '../../config/admin-pages';
import { paths } from '../../config/paths';

const AUTH_PAGES: string[] = [paths.login, paths.signup, paths.forgotPassword, paths.resetPassword, paths.setPassword];

export function returnTo(state: unknown, role: Role): { to: string; options: NavigateOptions } {
  const { from, background } = loginStateOf(state);
  const usable = from && !AUTH_PAGES.includes(from.split(/[?#]/)[0]!) ? from : undefined;
  const adminPage = usable === paths.admin.root || usable?.startsWith(`${paths.admin.root}/`);
  if (isBackOffice(role) && !adminPage) return { to: adminHomeOf(role), options: { replace: true } };
  if (!usable) return { to: paths.home, options: { replace: true } };
  const productState: ProductLinkState | undefined = background ? { background, landed: true } : undefined;
  return { to: usable, options: { replace: true, state: productState } };
}
