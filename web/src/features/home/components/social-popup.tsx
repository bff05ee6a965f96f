import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { InstagramIcon } from '../../../lib/icons';
import { SHOP } from '../../../lib/shop-info';
import { readStorage, SOCIAL_POPUP_KEY, writeStorage } from '../../../lib/storage';
import { Sheet, SheetCloseButton } from '../../../lib/sheet';

// Shown once, 2 s after the first visit. A follow cannot be checked from here, so the popup does
// not pretend to: the code is shown with the invitation, as a thank-you, and the server holds it
// to one order per customer (their phone). 'Copied!' for 2 s.
export const POPUP_DELAY_MS = 2000;
const COPIED_MS = 2000;

export function SocialPopup() {
  const t = useT();
  const [open, setOpen] = useState(false);
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
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!open) return null;
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
        <p className="text-stone-600">{t('popup.text')}</p>
        <a
          href={SHOP.instagram}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-5 block w-full rounded-full bg-stone-900 py-3 font-semibold text-white hover:bg-stone-700"
        >
          {t('popup.follow')} <bdi dir="ltr">{SHOP.instagramHandle}</bdi>
        </a>
        <p className="mt-5 text-sm font-medium text-stone-700">{t('popup.thanks')}</p>
        <div className="mt-2 flex items-center justify-between gap-2 rounded-xl border-2 border-dashed border-stone-300 p-3">
          <code className="text-xl font-bold tracking-widest" dir="ltr" data-testid="popup-code">
            {SHOP.followPromoCode}
          </code>
          <button type="button" onClick={copy} className="rounded-full bg-stone-900 px-4 py-2 text-sm font-semibold text-white">
            {copied ? t('popup.copied') : t('popup.copy')}
          </button>
        </div>
        <p className="mt-3 text-sm text-stone-600">{t('popup.note')}</p>
      </div>
    </Sheet>
  );
}
