import { useRef } from 'react';
import { useT } from '../../../lib/i18n';
import { CloseIcon } from '../../../lib/icons';
import { ZOOM_WIDTH } from '../../../lib/images';
import { SmartImage } from '../../../lib/smart-image';
import { useDialogBehaviour } from '../../../lib/use-dialog';

export function ZoomOverlay({ src, alt, onClose }: { src: string | null; alt: string; onClose: () => void }) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  useDialogBehaviour(true, panel, onClose);
  return (
    <div ref={panel} role="dialog" aria-modal="true" aria-label={alt} className="fixed inset-0 z-[60] flex items-center justify-center bg-black/90 p-4" onClick={onClose} data-testid="zoom-overlay">
      <button type="button" onClick={onClose} aria-label={t('poster.closeZoom')} className="absolute end-4 top-4 flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20">
        <CloseIcon className="h-7 w-7" />
      </button>
      <SmartImage src={src} alt={alt} width={1200} height={1600} renditionWidth={ZOOM_WIDTH} loading="eager" data-testid="zoom-image" className="max-h-full w-auto max-w-full object-contain" onClick={(e) => e.stopPropagation()} />
    </div>
  );
}
