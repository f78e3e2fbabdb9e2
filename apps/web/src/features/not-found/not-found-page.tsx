/** Any unknown path. */
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-md py-16 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to={paths.home}
        className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Back to the shop
      </Link>
    </section>
  );
}
