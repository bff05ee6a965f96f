/**
 * How wide each catalogue image shows, as `sizes` attributes: the browser picks the smallest
 * rendition that is sharp at the screen's density, and the server's preload of a page's largest
 * image must ask for the same one, so both read these. They follow the layouts: pages are
 * `max-w-6xl px-4` (1152 px, 16 px padding); cards sit 2 / 3 / 4 to a row with 16 px gaps on a
 * phone and 24 px from `sm`; the poster page's image takes half of a 40 px-gapped row from `md`.
 */
export const SHOP_CARD_SIZES =
  '(min-width: 1152px) 262px, (min-width: 1024px) calc(25vw - 26px), (min-width: 768px) calc(33vw - 27px), (min-width: 640px) calc(50vw - 28px), calc(50vw - 24px)';

/** The home page's grids stay at three columns on a desktop. */
export const HOME_CARD_SIZES =
  '(min-width: 1152px) 357px, (min-width: 768px) calc(33vw - 27px), (min-width: 640px) calc(50vw - 28px), calc(50vw - 24px)';

export const POSTER_IMAGE_SIZES = '(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)';
