import { formatMoney } from '../../lib/money';
import { ImageWithFallback } from '../shared/image-with-fallback';
import { Switch } from '../shared/switch';
import { categoryName } from '../shared/names';
import { SIZE_LABELS, type PosterSize } from './poster-form.validation';
import type { AdminPoster } from './posters-api';

interface PosterCardProps {
  poster: AdminPoster;
  onEdit: () => void;
  onDelete: () => void;
  onToggleVisible: (visible: boolean) => void;
  toggling: boolean;
}

function priceRange(poster: AdminPoster): string {
  const prices = poster.variants.map((v) => v.price).filter((p) => Number.isFinite(p));
  if (prices.length === 0) return 'No prices';
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatMoney(min) : `${formatMoney(min)} - ${formatMoney(max)}`;
}

export function PosterCard({ poster, onEdit, onDelete, onToggleVisible, toggling }: PosterCardProps) {
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm" aria-label={poster.name}>
      <div className="relative">
        <ImageWithFallback src={poster.imageUrl} alt={poster.name} fallbackText="No image available" className="aspect-[3/4] w-full" />
        <span
          className={`absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold ${poster.visible ? 'bg-emerald-600 text-white' : 'bg-gray-700 text-white'}`}
        >
          {poster.visible ? 'Visible' : 'Hidden'}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="font-semibold">{poster.name}</h3>
        <p className="text-sm font-medium text-indigo-700">{priceRange(poster)}</p>
        <p className="line-clamp-2 text-xs text-gray-600">{poster.description}</p>
        <ul className="text-xs text-gray-700">
          {poster.variants.map((v) => (
            <li key={v.id} className="flex justify-between">
              <span>{SIZE_LABELS[v.size as PosterSize] ?? v.size}</span>
              <span className="tabular-nums">{formatMoney(v.price)}</span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-gray-500">{categoryName(poster.category)}</p>
        <div className="mt-auto flex items-center justify-between pt-2">
          <Switch checked={poster.visible} onChange={onToggleVisible} disabled={toggling} label={`Visible: ${poster.name}`} />
          <div className="flex gap-2">
            <button type="button" onClick={onEdit} className="rounded px-2 py-1 text-sm text-indigo-700 hover:bg-indigo-50">
              Edit
            </button>
            <button type="button" onClick={onDelete} className="rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50">
              Delete
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
