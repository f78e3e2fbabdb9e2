/**
 * The ad slider: the 4 partner banners, looping, autoplaying every 4000 ms,
 * with clickable pagination; each banner opens its partner's site in a new tab. Swiper lives only in
 * this module, which the home page loads once its first banner is on screen (partner-offers.tsx),
 * so no other page downloads it and the home page's first paint does not wait for it.
 */
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { BannerLink } from './banner-link';
import { BANNER_BOX_CLASS, BANNERS, SLIDE_DELAY_MS } from './banners';

export default function AdSlider() {
  return (
    <Swiper
      modules={[Autoplay, Pagination, A11y]}
      loop
      autoplay={{ delay: SLIDE_DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
      pagination={{ clickable: true }}
      a11y={{ containerMessage: 'Partner offers', slideRole: 'group' }}
      className={`${BANNER_BOX_CLASS} w-full`}
      data-testid="ad-slider"
    >
      {BANNERS.map((banner, index) => (
        <SwiperSlide key={banner.href} className="h-full">
          <BannerLink banner={banner} priority={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
