/**
 * The zoomed view of a product picture (product-gallery.tsx): the picture as large as the window
 * allows, over everything, with Previous / Next when there are several. It is a small dialog inside
 * the product view: focus starts on Close, Tab stays in it, Escape closes only it (the keys stop
 * here, so the product view behind stays open), and the arrow keys change the picture.
 */
import type { ProductImage as Image } from '@pumpkart/shared';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ProductImage } from './product-image';

export interface ImageZoomProps {
  images: Image[];
  index: number;
  onIndexChange: (index: number) => void;
  title: string;
  onClose: () => void;
}

const buttonClass =
  'rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-slate-900 shadow hover:bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function ImageZoom({ images, index, onIndexChange, title, onClose }: ImageZoomProps) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const move = (step: number) => onIndexChange((index + step + count) % count);

  useEffect(() => closeButton.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (count > 1 && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      event.preventDefault();
      move(event.key === 'ArrowRight' ? 1 : -1);
    } else if (event.key === 'Tab') {
      event.stopPropagation();
      const focusable = Array.from(panel.current?.querySelectorAll<HTMLElement>('button') ?? []);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-label={`${title}: zoomed picture ${index + 1} of ${count}`}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 z-30 flex flex-col items-center justify-center gap-3 bg-slate-950/95 p-4"
      data-testid="image-zoom"
    >
      <div className="flex w-full max-w-6xl items-center justify-between gap-3 text-white">
        <p className="text-sm font-medium" aria-hidden="true">
          {count > 1 ? `${index + 1} / ${count}` : ''}
        </p>
        <button ref={closeButton} type="button" onClick={onClose} className={buttonClass}>
          Close zoom
        </button>
      </div>
      <ProductImage
        image={images[index]}
        alt={title}
        width={1200}
        height={900}
        sizes="min(100vw, 1152px)"
        eager
        className="max-h-[80vh] w-auto max-w-full rounded-lg bg-white"
      />
      {count > 1 && (
        <div className="flex gap-3">
          <button type="button" onClick={() => move(-1)} className={buttonClass}>
            <span aria-hidden="true">‹ </span>Previous picture
          </button>
          <button type="button" onClick={() => move(1)} className={buttonClass}>
            Next picture<span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
    </div>
  );
}
