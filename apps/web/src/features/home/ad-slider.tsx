/**
 * The ad slider: the 4 partner banners, looping, autoplaying every 4000 ms, with clickable pagination (one
 * "Go to slide N" button per banner, the shown one aria-current); each banner opens its partner's site in a new
 * tab. Autoplay pauses while the pointer rests on the slider or focus is inside it (a click on a bullet does not
 * take focus). The banners cross-fade in one box, so the last one hands over to the first without running back;
 * the hidden ones are inert. A few lines instead of Swiper, which the storefront now downloads only for a
 * product's gallery (docs/decisions/0016-storefront-weight.md); the home page still loads this module once its
 * first banner is on screen (partner-offers.tsx).
 */
import { useEffect, useState } from 'react';
import { BannerLink } from './banner-link';
import { BANNER_BOX_CLASS, BANNERS, SLIDE_DELAY_MS } from './banners';

export default function AdSlider() {
  const [shown, setShown] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  // The next banner SLIDE_DELAY_MS after the last change (a click on a bullet starts the wait again).
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => setShown((index) => (index + 1) % BANNERS.length), SLIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown, paused]);

  return (
    <div
      data-testid="ad-slider"
      className={`${BANNER_BOX_CLASS} relative w-full`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {BANNERS.map((banner, index) => (
        <div
          key={banner.href}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} / ${BANNERS.length}`}
          aria-hidden={index !== shown}
          inert={index !== shown}
          className={`absolute inset-0 transition-opacity duration-500 motion-reduce:transition-none ${
            index === shown ? 'opacity-100' : 'opacity-0'
          }`}
        >
          <BannerLink banner={banner} priority={index === 0} />
        </div>
      ))}
      <div className="absolute inset-x-0 bottom-1 flex justify-center gap-1">
        {BANNERS.map((banner, index) => (
          <button
            key={banner.href}
            type="button"
            aria-label={`Go to slide ${index + 1}`}
            aria-current={index === shown ? 'true' : undefined}
            onClick={() => setShown(index)}
            // A click does not take focus (which would pause the slider until focus leaves): only the keyboard does.
            onMouseDown={(event) => event.preventDefault()}
            className="group flex h-6 w-6 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`block h-2.5 w-2.5 rounded-full shadow ring-1 ring-slate-900/40 ${
                index === shown ? 'bg-white' : 'bg-white/30 group-hover:bg-white/70'
              }`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
