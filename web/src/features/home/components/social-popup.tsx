import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { InstagramIcon } from '../../../lib/icons';
import { SHOP } from '../../../lib/shop-info';
import { readStorage, SOCIAL_POPUP_KEY, writeStorage } from '../../../lib/storage';
import { Sheet, SheetCloseButton } from '../../../lib/sheet';

// Spec 4 and 9: shown once, 2 s after the first visit; 'Verifying your follow...' for 2 s
// (the follow is not actually verified), then the code; 'Copied!' for 2 s.
export const POPUP_DELAY_MS = 2000;
const VERIFY_MS = 2000;
const COPIED_MS = 2000;

type Stage = 'offer' | 'verifying' | 'code';

export function SocialPopup() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<Stage>('offer');
  const [copied, setCopied] = useState(false);
  const close = () => setOpen(false);

  useEffect(() => {
    if (readStorage(SOCIAL_POPUP_KEY)) return;
    const timer = setTimeout(() => {
      writeStorage(SOCIAL_POPUP_KEY, '1');
      setOpen(true);
    }, POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (stage !== 'verifying') return;
    const timer = setTimeout(() => setStage('code'), VERIFY_MS);
    return () => clearTimeout(timer);
  }, [stage]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!open) return null;
  const follow = () => {
    window.open(SHOP.instagram, '_blank', 'noopener,noreferrer');
    setStage('verifying');
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(SHOP.followPromoCode);
    } catch {
      /* clipboard refused: the code is on screen to copy by hand */
    }
    setCopied(true);
  };
  return (
    <Sheet
      side="centre"
      onClose={close}
      labelledBy="popup-title"
      backdrop="dark"
      className="w-full max-w-sm overflow-hidden rounded-2xl text-center shadow-2xl"
      testId="social-popup"
    >
      <SheetCloseButton label={t('popup.close')} onClose={close} compact className="absolute end-2 top-2" />
      <div className="bg-gradient-to-br from-amber-400 via-rose-500 to-fuchsia-600 px-6 py-8 text-white">
        <InstagramIcon className="mx-auto h-12 w-12" />
        <h2 id="popup-title" className="mt-3 font-display text-3xl font-bold">
          {t('popup.title')}
        </h2>
      </div>
      <div className="p-6">
        {stage === 'offer' && (
          <>
            <p className="text-stone-600">{t('popup.text')}</p>
            <button type="button" onClick={follow} className="mt-5 w-full rounded-full bg-stone-900 py-3 font-semibold text-white hover:bg-stone-700">
              {t('popup.follow')} <bdi dir="ltr">{SHOP.instagramHandle}</bdi>
            </button>
          </>
        )}
        {stage === 'verifying' && (
          <p className="flex items-center justify-center gap-2 py-4 text-stone-700" role="status">
            <span className="h-5 w-5 animate-spin rounded-full border-2 border-stone-300 border-t-stone-900" />
            {t('popup.verifying')}
          </p>
        )}
        {stage === 'code' && (
          <>
            <div className="flex items-center justify-between gap-2 rounded-xl border-2 border-dashed border-stone-300 p-3">
              <code className="text-xl font-bold tracking-widest" dir="ltr" data-testid="popup-code">
                {SHOP.followPromoCode}
              </code>
              <button type="button" onClick={copy} className="rounded-full bg-stone-900 px-4 py-2 text-sm font-semibold text-white">
                {copied ? t('popup.copied') : t('popup.copy')}
              </button>
            </div>
            <p className="mt-3 text-sm text-stone-600">{t('popup.note')}</p>
          </>
        )}
      </div>
    </Sheet>
  );
}
