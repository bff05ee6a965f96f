import { useState } from 'react';
import { errorMessage } from '../shared/error-text';
import { formatMoney } from '../../lib/money';
import { useToast } from '../../lib/toast';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { btnPrimary, btnSecondary, errorPanel, pageTitle, td, th } from '../shared/styles';
import { useGetPricingQuery, useUpdatePriceMutation } from './pricing-api';

const sizeLabel = (size: string) => {
  const bare = size.replace(/^SIZE_/i, '');
  return /^\d+x\d+$/.test(bare) ? `${bare}cm` : bare;
};

export function PricingPage() {
  const { data = [], isLoading, isError } = useGetPricingQuery();
  const [updatePrice, updateState] = useUpdatePriceMutation();
  const [editing, setEditing] = useState<{ size: string; value: string } | null>(null);
  const toast = useToast();

  useLoadErrorToast(isError, 'Failed to load pricing data');

  const save = async () => {
    if (!editing) return;
    const price = Number(editing.value);
    if (!editing.value.trim() || !Number.isFinite(price) || price <= 0) {
      toast.error('Invalid Price', 'Please enter a valid positive number');
      return;
    }
    try {
      await updatePrice({ size: editing.size, price }).unwrap();
      toast.success('Price updated');
      setEditing(null);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to update price'));
    }
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Custom Poster Pricing</h1>
      {isLoading ? (
        <p className="text-sm text-gray-500">Loading pricing...</p>
      ) : isError ? (
        <div className={errorPanel}>Failed to load pricing data</div>
      ) : (
        <div className="relative max-w-xl overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="min-w-full divide-y divide-gray-200">
            <thead className="bg-gray-50">
              <tr>
                <th className={th}>Size</th>
                <th className={th}>Price (LE)</th>
                <th className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {data.map((entry) => (
                <tr key={entry.size}>
                  <td className={td}>{sizeLabel(entry.size)}</td>
                  <td className={td}>
                    {editing?.size === entry.size ? (
                      <input
                        type="number"
                        step={0.01}
                        min={0}
                        autoFocus
                        aria-label={`Price for ${sizeLabel(entry.size)}`}
                        className="w-32 rounded-md border border-gray-300 px-2 py-1"
                        value={editing.value}
                        onChange={(e) => setEditing({ size: entry.size, value: e.target.value })}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') void save();
                          if (e.key === 'Escape') setEditing(null);
                        }}
                      />
                    ) : (
                      <span className="tabular-nums">{formatMoney(entry.price)}</span>
                    )}
                  </td>
                  <td className={`${td} space-x-2 whitespace-nowrap text-right`}>
                    {editing?.size === entry.size ? (
                      <>
                        <button type="button" className={btnPrimary} onClick={save} disabled={updateState.isLoading}>
                          Save
                        </button>
                        <button type="button" className={btnSecondary} onClick={() => setEditing(null)}>
                          Cancel
                        </button>
                      </>
                    ) : (
                      <button type="button" className={btnSecondary} onClick={() => setEditing({ size: entry.size, value: entry.price.toFixed(2) })}>
                        Edit
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
