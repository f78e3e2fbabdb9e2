/**
 * The home page's partner offers. The first banner is a plain picture from
 * the main bundle, in the box the slider will fill, fetched at once with high priority (index.html
 * preloads it as well): it is the first thing a visitor sees, on a phone the page's Largest
 * Contentful Paint, and must not wait for the slider's chunk (bench/README). Once that picture
 * has loaded, and the browser has painted it and has a moment to spare, the slider's chunk is
 * fetched and the slider takes the box over, starting on the same banner, so nothing moves. Should
 * the chunk fail to load, the first banner simply stays.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { BannerLink } from './banner-link';
import { BANNER_BOX_CLASS, BANNERS } from './banners';

/** Kept once loaded, so that coming back to the home page shows the slider straight away. */
let loadedSlider: ComponentType | undefined;

function loadSlider(): Promise<ComponentType> {
  return import('./ad-slider').then((module) => (loadedSlider = module.default));
}

/**
 * Runs `task` when the browser is next idle, which is after it has painted (or within a second);
 * where requestIdleCallback is missing (Safari), after the next frame.
 */
function afterPaintWhenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function PartnerOffers() {
  const [Slider, setSlider] = useState<ComponentType | undefined>(() => loadedSlider);
  // The first banner has loaded (or failed to), or the whole page has: time to fetch the slider.
  const [bannerSettled, setBannerSettled] = useState(false);

  useEffect(() => {
    if (Slider) return;
    if (!bannerSettled && document.readyState !== 'complete') {
      const onPageLoad = () => setBannerSettled(true);
      window.addEventListener('load', onPageLoad);
      return () => window.removeEventListener('load', onPageLoad);
    }
    let cancelled = false;
    const cancelWait = afterPaintWhenIdle(() => {
      loadSlider().then(
        (component) => {
          if (!cancelled) setSlider(() => component);
        },
        (error: unknown) => console.error('Failed to load the ad slider', error),
      );
    });
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, [Slider, bannerSettled]);

  return (
    <section
      aria-label="Partner offers"
      className={`${BANNER_BOX_CLASS} overflow-hidden rounded-xl bg-slate-200 shadow-sm`}
    >
      {Slider ? <Slider /> : <BannerLink banner={BANNERS[0]!} priority onSettled={() => setBannerSettled(true)} />}
    </section>
  );
}
