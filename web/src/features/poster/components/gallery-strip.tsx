import { catalogueText } from '../../../lib/catalogue-text';
import { useLocale, useT } from '../../../lib/i18n';
import { SmartImage } from '../../../lib/smart-image';
import { useGetGalleryQuery } from '../../catalog/catalog-api';

/** Community Gallery: the list shown twice in a row so the scrolling strip loops seamlessly. */
export function GalleryStrip() {
  const t = useT();
  const locale = useLocale();
  const { data, isError, isLoading } = useGetGalleryQuery();
  return (
    <section className="mt-16" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="mb-4 font-display text-2xl font-bold">
        {t('poster.gallery')}
      </h2>
      {isError ? (
        <p className="text-rose-700">{t('poster.galleryFailed')}</p>
      ) : isLoading ? null : !data?.length ? (
        <p className="text-stone-500">{t('poster.galleryEmpty')}</p>
      ) : (
        <div className="group overflow-hidden" dir="ltr">
          <ul className="flex w-max animate-[gallery_40s_linear_infinite] gap-4 group-hover:[animation-play-state:paused] motion-reduce:animate-none">
            {[...data, ...data].map((img, i) => {
              // The caption in the page's language, else the other's, marked with its own; the photo's alt text repeats none of it.
              const caption = catalogueText(locale, img.caption, img.captionAr);
              return (
                <li key={`${img.id}-${i}`} aria-hidden={i >= data.length ? true : undefined}>
                  <figure className="w-44">
                    <SmartImage
                      src={img.imageUrl}
                      alt={i >= data.length || caption.text ? '' : t('poster.galleryPhoto', { n: i + 1 })}
                      width={180}
                      height={240}
                      className="h-60 w-44 rounded-lg bg-stone-200 object-cover"
                    />
                    {caption.text ? (
                      <figcaption dir="auto" lang={caption.lang} className="mt-1 truncate text-xs text-stone-600" data-testid="gallery-caption">
                        {caption.text}
                      </figcaption>
                    ) : null}
                  </figure>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
