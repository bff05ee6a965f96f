import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE, resolveImageUrl, withCacheBust } from './images';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
};

/**
 * Every product image: resolved as spec 7 says, lazy with its dimensions set (no layout shift),
 * retried once with a cache-busting suffix, then a placeholder.
 */
export function SmartImage({ src, alt, width, height, loading = 'lazy', ...rest }: Props) {
  const resolved = resolveImageUrl(src);
  const [attempt, setAttempt] = useState(0);
  const [current, setCurrent] = useState(resolved ?? PLACEHOLDER_IMAGE);
  useEffect(() => {
    setAttempt(0);
    setCurrent(resolved ?? PLACEHOLDER_IMAGE);
  }, [resolved]);
  return (
    <img
      {...rest}
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      data-attempt={attempt}
      onError={() => {
        if (current === PLACEHOLDER_IMAGE || !resolved) return;
        if (attempt === 0) {
          setAttempt(1);
          setCurrent(withCacheBust(resolved));
        } else {
          setAttempt(2);
          setCurrent(PLACEHOLDER_IMAGE);
        }
      }}
    />
  );
}
