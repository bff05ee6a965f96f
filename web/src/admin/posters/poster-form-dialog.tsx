import { useState, type FormEvent } from 'react';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { Dialog } from '../shared/dialog';
import { btnPrimary, btnSecondary, input, label } from '../shared/styles';
import { Field } from '../shared/field';
import { categoryName } from '../shared/names';
import {
  POSTER_SIZES,
  SIZE_LABELS,
  formatPriceOnBlur,
  isPriceInput,
  toSavePayload,
  validatePosterForm,
  type PosterFormValues,
  type PosterSize,
} from './poster-form.validation';
import { useCreatePosterMutation, useUpdatePosterMutation, type AdminPoster } from './posters-api';

interface PosterFormDialogProps {
  poster: AdminPoster | null;
  categories: string[];
  onClose: () => void;
}

function initialValues(poster: AdminPoster | null): PosterFormValues {
  const prices: PosterFormValues['prices'] = {};
  const selectedSizes: PosterSize[] = [];
  for (const variant of poster?.variants ?? []) {
    const size = variant.size as PosterSize;
    if (!POSTER_SIZES.includes(size)) continue;
    selectedSizes.push(size);
    prices[size] = Number(variant.price).toFixed(2);
  }
  return {
    name: poster?.name ?? '',
    description: poster?.description ?? '',
    nameAr: poster?.nameAr ?? '',
    descriptionAr: poster?.descriptionAr ?? '',
    category: poster?.category ?? '',
    prices,
    selectedSizes,
    hasImage: false,
  };
}

/** Create and edit a poster: name and description (and their Arabic), category, image (required on create), sizes with prices. */
export function PosterFormDialog({ poster, categories, onClose }: PosterFormDialogProps) {
  const mode = poster ? 'edit' : 'create';
  const [values, setValues] = useState<PosterFormValues>(() => initialValues(poster));
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [createPoster, createState] = useCreatePosterMutation();
  const [updatePoster, updateState] = useUpdatePosterMutation();
  const toast = useToast();
  const saving = createState.isLoading || updateState.isLoading;

  const set = <K extends keyof PosterFormValues>(key: K, value: PosterFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const toggleSize = (size: PosterSize) =>
    set('selectedSizes', values.selectedSizes.includes(size) ? values.selectedSizes.filter((s) => s !== size) : [...values.selectedSizes, size]);
  const setPrice = (size: PosterSize, text: string) => {
    if (isPriceInput(text)) set('prices', { ...values.prices, [size]: text });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const message = validatePosterForm({ ...values, hasImage: Boolean(file) }, mode);
    setProblem(message);
    if (message) return;
    const payload = toSavePayload(values);
    try {
      if (poster) await updatePoster({ id: poster.id, payload, file }).unwrap();
      else await createPoster({ payload, file }).unwrap();
      toast.success(poster ? 'Poster updated successfully' : 'Poster created successfully');
      onClose();
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to save poster. Please try again.'));
    }
  };

  return (
    <Dialog title={poster ? 'Edit Poster' : 'Add Poster'} onClose={onClose} wide>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {problem && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {problem}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="poster-name" label="Name *">
            <input id="poster-name" className={input} value={values.name} onChange={(e) => set('name', e.target.value)} />
          </Field>
          <Field id="poster-category" label="Category *">
            <select id="poster-category" className={input} value={values.category} onChange={(e) => set('category', e.target.value)}>
              <option value="">Select a category</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {categoryName(c)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id="poster-description" label="Description">
          <textarea id="poster-description" rows={3} className={input} value={values.description} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="poster-name-ar" label="Arabic name (the Arabic shop shows Name without it)">
            <input id="poster-name-ar" lang="ar" dir="rtl" className={input} value={values.nameAr} onChange={(e) => set('nameAr', e.target.value)} />
          </Field>
          <Field id="poster-description-ar" label="Arabic description">
            <textarea id="poster-description-ar" lang="ar" dir="rtl" rows={3} className={input} value={values.descriptionAr} onChange={(e) => set('descriptionAr', e.target.value)} />
          </Field>
        </div>
        <div>
          <label htmlFor="poster-image" className={label}>
            Image {mode === 'create' ? '*' : '(leave empty to keep the current one)'}
          </label>
          <input id="poster-image" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="block text-sm" />
          <p className="mt-1 text-xs text-gray-500">JPG, PNG, WEBP, max 5MB</p>
        </div>
        <fieldset>
          <legend className={label}>Sizes and prices *</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {POSTER_SIZES.map((size) => {
              const checked = values.selectedSizes.includes(size);
              return (
                <div key={size} className="flex items-center gap-2 rounded-md border border-gray-200 p-2">
                  <input id={`size-${size}`} type="checkbox" checked={checked} onChange={() => toggleSize(size)} />
                  <label htmlFor={`size-${size}`} className="w-20 text-sm">
                    {SIZE_LABELS[size]}
                  </label>
                  <input
                    aria-label={`Price for ${SIZE_LABELS[size]}`}
                    inputMode="decimal"
                    placeholder="0.00"
                    disabled={!checked}
                    className={`${input} disabled:bg-gray-100`}
                    value={values.prices[size] ?? ''}
                    onChange={(e) => setPrice(size, e.target.value)}
                    onBlur={(e) => set('prices', { ...values.prices, [size]: formatPriceOnBlur(e.target.value) })}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <button type="button" className={btnSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={btnPrimary} disabled={saving}>
            {saving ? 'Saving...' : poster ? 'Save Changes' : 'Create Poster'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
