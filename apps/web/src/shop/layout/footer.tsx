/**
 * The footer: About, Privacy, Terms and Contact links, the business's legal name, address, email, phone
 * and GSTIN from the store settings (docs/shop-rules.md#store-settings; the built-in text of
 * lib/company.ts, without a GSTIN, until they are read or when they are missing). Every text keeps WCAG AA
 * contrast on the dark background (slate-300/400 on slate-900), and its navigation is named "Footer" so
 * that it is told apart from the navbar's "Main".
 */
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from './logo';
import { useStoreDetails } from './store-details';

export function Footer() {
  const store = useStoreDetails();
  return (
    <footer className="mt-12 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div>
          <Logo className="text-xl text-white" />
          <p className="mt-3 text-sm">
            One stop solution for your petrol pump: dispensers, safety gear, air machines and more.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Company</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to={paths.about} className="hover:text-white">
                About
              </Link>
            </li>
            <li>
              <Link to={paths.policy} className="hover:text-white">
                Privacy
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className="hover:text-white">
                Terms
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className="hover:text-white">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <address className="not-italic text-sm">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Reach us</h2>
          <p className="mt-3 font-medium text-slate-200">{store.name}</p>
          <p className="mt-1">{store.address}</p>
          <p className="mt-2">
            <a href={`mailto:${store.email}`} className="break-all hover:text-white">
              {store.email}
            </a>
          </p>
          <p className="mt-1">
            <a href={store.phoneHref} className="hover:text-white">
              {store.phone}
            </a>
          </p>
          {store.gstin && (
            <p className="mt-2" data-testid="footer-gstin">
              GSTIN: <span className="font-mono tracking-wide text-slate-200">{store.gstin}</span>
            </p>
          )}
        </address>
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {store.name.replace(/\.$/, '')}. All rights reserved.
      </p>
    </footer>
  );
}
