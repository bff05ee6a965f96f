import { useState } from 'react';
import { resolveImageUrl } from '../../lib/images';

interface ImageWithFallbackProps {
  src: string | null | undefined;
  alt: string;
  /** Caption shown in the placeholder when the image is missing or fails to load. */
  fallbackText: string;
  className?: string;
  /** Open the full-size image in a new tab on click. */
  linkToFull?: boolean;
}

export function ImageWithFallback({ src, alt, fallbackText, className = 'h-14 w-14', linkToFull }: ImageWithFallbackProps) {
  const url = resolveImageUrl(src);
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div className={`${className} flex items-center justify-center rounded bg-gray-100 p-1 text-center text-[10px] leading-tight text-gray-500`}>
        {fallbackText}
      </div>
    );
  }
  const img = <img src={url} alt={alt} loading="lazy" onError={() => setFailed(true)} className={`${className} rounded object-cover`} />;
  return linkToFull ? (
    <a href={url} target="_blank" rel="noreferrer" title="Open full size">
      {img}
    </a>
  ) : (
    img
  );
}
