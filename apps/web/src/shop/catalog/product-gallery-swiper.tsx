/**
 * The phone gallery of product-gallery.tsx: the pictures as a swipeable strip with clickable
 * pagination dots. Swiper lives only in this module and in the home page's ad slider
 * (features/home/ad-slider.tsx), each loaded on demand, so the main bundle never carries it.
 */
import type { ProductImage as Image } from '@pumpkart/shared';
import type { CSSProperties } from 'react';
import { A11y, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { ProductImage } from './product-image';

export default function GallerySwiper({ images, title, sizes }: { images: Image[]; title: string; sizes: string }) {
  return (
    <Swiper
      modules={[Pagination, A11y]}
      pagination={{ clickable: true }}
      a11y={{ containerMessage: `Pictures of ${title}`, slideRole: 'group' }}
      className="w-full rounded-lg pb-7"
      style={
        { '--swiper-pagination-bullet-inactive-opacity': '0.45', '--swiper-pagination-bottom': '4px' } as CSSProperties
      }
      data-testid="product-gallery-swiper"
    >
      {images.map((image, index) => (
        <SwiperSlide key={image.url}>
          <ProductImage
            image={image}
            alt={index === 0 ? title : `${title}, picture ${index + 1} of ${images.length}`}
            width={600}
            height={450}
            sizes={sizes}
            eager={index === 0}
            className="aspect-[4/3] h-auto w-full bg-white"
          />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
