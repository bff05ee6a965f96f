import { useState } from 'react';
import { formatMoney } from '../../lib/money';
import { useConfirmedDelete } from '../shared/use-confirmed-delete';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { ImageWithFallback } from '../shared/image-with-fallback';
import { btnPrimary, pageTitle } from '../shared/styles';
import { ProductFormDialog } from './product-form-dialog';
import { useDeleteProductMutation, useGetAdminProductsQuery, type AddOnProduct } from './products-api';
import { Pager } from '../shared/pager';
import { useLastPageClamp, usePagedList } from '../shared/use-paged-list';
import { ListStates } from '../shared/list-states';

export function ProductsPage() {
  const { setPage, pageQuery } = usePagedList();
  const { data: answer, isLoading, isError } = useGetAdminProductsQuery(pageQuery);
  useLastPageClamp(answer, setPage);
  const data = answer?.data ?? [];
  const [deleteProduct, deleteState] = useDeleteProductMutation();
  const { deleting, setDeleting, confirmDelete } = useConfirmedDelete<AddOnProduct>(deleteProduct, { done: 'Product deleted successfully', failed: 'Failed to delete product' });
  const [editing, setEditing] = useState<AddOnProduct | 'new' | null>(null);

  useLoadErrorToast(isError, 'Failed to load products');

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={pageTitle}>Products</h1>
        <button type="button" className={btnPrimary} onClick={() => setEditing('new')}>
          Add Product
        </button>
      </div>
      <ListStates isLoading={isLoading} isError={isError} isEmpty={!answer || data.length === 0} loading="Loading products..." failed="Failed to load products" empty="No products yet">
        <div className="rounded-lg border border-gray-200 bg-white">
          <ul className="divide-y divide-gray-100">
            {data.map((product) => (
              <li key={product.id} className="flex flex-wrap items-center gap-4 p-3">
                <ImageWithFallback src={product.imageUrl} alt={product.name} fallbackText="No image available" className="h-16 w-16" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{product.name}</p>
                  <p className="text-sm text-indigo-700">{formatMoney(product.price)}</p>
                  <p className="truncate text-xs text-gray-600">{product.description}</p>
                </div>
                <div className="flex gap-2">
                  <button type="button" className="rounded px-2 py-1 text-sm text-indigo-700 hover:bg-indigo-50" onClick={() => setEditing(product)}>
                    Edit
                  </button>
                  <button type="button" className="rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50" onClick={() => setDeleting(product)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={answer} shown={data.length} onPage={setPage} />
        </div>
      </ListStates>
      {editing && <ProductFormDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete product"
          message={`Are you sure you want to delete "${deleting.name}"? This action cannot be undone.`}
          busy={deleteState.isLoading}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
