import type { AddOnView } from '../../../api/generated-public';
import { useLocale, useT } from '../../../lib/i18n';
import { catalogueText } from '../../../lib/catalogue-text';
import { Money } from '../../../lib/ltr';
import { sizeLabel } from '../../catalog/catalog-format';

const option = (on: boolean) =>
  `flex cursor-pointer items-center justify-between gap-3 rounded-xl border-2 px-4 py-2 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 ${on ? 'border-stone-900 bg-stone-100' : 'border-stone-300 hover:border-stone-500'}`;

/** The frames the catalogue has for the chosen size; "No frame" is the default. */
export function FramePicker({ frames, size, chosen, onChoose }: { frames: AddOnView[]; size: string; chosen: string | null; onChoose: (id: string | null) => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <fieldset className="mt-6" data-testid="frame-picker">
      <legend className="mb-1 font-semibold">{t('poster.frame')}</legend>
      <p className="mb-3 text-sm text-stone-600">{t('poster.frameFor', { size: sizeLabel(size, locale) })}</p>
      <div className="grid gap-2">
        <label className={option(chosen === null)}>
          <span>
            <input type="radio" name="frame" checked={chosen === null} onChange={() => onChoose(null)} className="sr-only" />
            {t('poster.noFrame')}
          </span>
        </label>
        {frames.map((f) => {
          const name = catalogueText(locale, f.name, f.nameAr);
          return (
            <label key={f.id} className={option(chosen === f.id)}>
              <span dir="auto">
                <input type="radio" name="frame" value={f.id} checked={chosen === f.id} onChange={() => onChoose(f.id)} className="sr-only" />
                <span lang={name.lang}>{name.text}</span>
              </span>
              <span className="font-semibold">
                + <Money amount={f.price} />
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
