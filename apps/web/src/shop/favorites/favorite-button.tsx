/**
 * The favorite heart toggle (docs/shop-rules.md#cart): logged out, it says 'Please login to add
 * favorites.' for 2 seconds; logged in, it toggles the product in the server's favorites list.
 */
import { MESSAGES } from '@pumpkart/shared';
import { useState } from 'react';
import { useToggleFavoriteMutation } from './favorites-api';
import { useAppSelector, useIsLoggedIn } from '../../store/hooks';
import { selectFavoriteIds } from '../../store/selectors';
import { useTimedMessage } from '../../ui/use-timed-message';

export function FavoriteButton({
  productId,
  title,
  className = 'relative',
}: {
  productId: string;
  title: string;
  /** Classes of the wrapper; it must be positioned (relative or absolute) for the message bubble. */
  className?: string;
}) {
  const [toggleFavorite] = useToggleFavoriteMutation();
  const loggedIn = useIsLoggedIn();
  const isFavorite = useAppSelector((state) => selectFavoriteIds(state).includes(productId));
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  const onClick = async () => {
    if (!loggedIn) {
      show(MESSAGES.loginToFavorite);
      return;
    }
    setBusy(true);
    try {
      await toggleFavorite(productId).unwrap();
    } catch (error) {
      console.error('Failed to toggle favorite', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={className}>
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        aria-pressed={loggedIn ? isFavorite : undefined}
        aria-label={isFavorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-white/90 shadow ring-1 ring-slate-200 hover:bg-white disabled:opacity-60"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`h-5 w-5 ${isFavorite ? 'fill-red-500 text-red-500' : 'fill-none text-slate-600'}`}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 20.5s-7.5-4.4-9.3-9.2C1.5 8 3.6 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.6 0 5.7 3.5 4.5 6.8-1.8 4.8-9.3 9.2-9.3 9.2Z" />
        </svg>
      </button>
      <p role="status" aria-live="polite" className="absolute right-0 top-11 z-20 w-max max-w-[14rem]">
        {message && (
          <span className="block rounded-md bg-slate-900 px-3 py-2 text-xs font-medium text-white shadow-lg">
            {message}
          </span>
        )}
      </p>
    </div>
  );
}
