import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE, renditionSrcSet, renditionUrl, resolveImageUrl, withCacheBust } from './images';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /**
   * How wide the image shows, as in the `sizes` attribute ('(min-width: 768px) 50vw, 100vw'):
   * the browser then picks the smallest WebP rendition that is sharp at the screen's density.
   * Defaults to the width attribute.
   */
  sizes?: string;
  /** One rendition instead of a srcset (the zoom view wants the largest, whatever the viewport). */
  renditionWidth?: number;
};

/** What is tried, in order; data-attempt says which (0 renditions, 1 original, 2 cache-busted, 3 placeholder). */
type Stage = 0 | 1 | 2 | 3;

function sourceFor(stage: Stage, resolved: string | null, renditionWidth: number | undefined): { src: string; srcSet?: string } {
  if (!resolved || stage === 3) return { src: PLACEHOLDER_IMAGE };
  if (stage === 2) return { src: withCacheBust(resolved) };
  if (stage === 1) return { src: resolved };
  if (renditionWidth) return { src: renditionUrl(resolved, renditionWidth) ?? resolved };
  return { src: resolved, srcSet: renditionSrcSet(resolved) };
}

/**
 * Every product image: resolved as spec 7 says, lazy with its dimensions set (no layout shift),
 * served from the WebP renditions when the image has them. A failure falls back step by step:
 * renditions → the original → the original with a cache-busting suffix → a placeholder (an image
 * stored before renditions existed has none, and a rendition job may still be running).
 */
export function SmartImage({ src, alt, width, height, loading = 'lazy', sizes, renditionWidth, ...rest }: Props) {
  const resolved = resolveImageUrl(src);
  const firstStage: Stage = resolved && (renditionWidth ? renditionUrl(resolved, renditionWidth) : renditionSrcSet(resolved)) ? 0 : 1;
  const [stage, setStage] = useState<Stage>(firstStage);
  useEffect(() => setStage(firstStage), [resolved, firstStage]);
  const next = () => {
    if (stage < 3 && resolved) setStage((stage + 1) as Stage);
  };
  // A server-rendered image can fail before the page hydrates, when no onError listens yet (React
  // listens on an <img> only once it hydrates it, and replays no such event): a broken image found
  // at mount moves on too.
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0 && img.current.getAttribute('src')) next();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { src: current, srcSet } = sourceFor(stage, resolved, renditionWidth);
  return (
    <img
      {...rest}
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      data-attempt={stage}
      ref={img}
      onError={next}
    />
  );
}
