import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CATEGORIES } from '../../../../libs/domain/src/shop-config';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { useConfirmedDelete } from '../shared/use-confirmed-delete';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { btnPrimary, btnSecondary, pageTitle } from '../shared/styles';
import { PosterCard } from './poster-card';
import { PosterFormDialog } from './poster-form-dialog';
import {
  useDeletePosterMutation,
  useGetAdminCategoriesQuery,
  useGetAdminPostersQuery,
  useGetDeletedPostersQuery,
  useRecoverPosterMutation,
  useUpdatePosterMutation,
  type AdminPoster,
} from './posters-api';
import { Pager } from '../shared/pager';
import { SearchBox } from '../shared/search-box';
import { useLastPageClamp, usePagedList } from '../shared/use-paged-list';
import { ListStates } from '../shared/list-states';

export function PostersPage() {
  const [params, setParams] = useSearchParams();
  const { setPage, search, setSearch, pageQuery } = usePagedList();
  const { data: answer, isLoading, isError } = useGetAdminPostersQuery(pageQuery);
  useLastPageClamp(answer, setPage);
  const visible = answer?.data ?? [];
  const categoriesQuery = useGetAdminCategoriesQuery();
  const [editing, setEditing] = useState<AdminPoster | 'new' | null>(params.get('new') ? 'new' : null);
  const [showDeleted, setShowDeleted] = useState(false);
  const [updatePoster, updateState] = useUpdatePosterMutation();
  const [deletePoster, deleteState] = useDeletePosterMutation();
  const { deleting, setDeleting, confirmDelete } = useConfirmedDelete<AdminPoster>(deletePoster, { done: 'Poster deleted successfully', failed: 'Failed to delete poster. Please try again.', serverText: true });
  const toast = useToast();

  useLoadErrorToast(isError, 'Failed to load posters. Please try again.');
  useEffect(() => {
    if (categoriesQuery.isError) toast.error('Warning', 'Failed to load categories. Some features may be limited.');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [categoriesQuery.isError]);

  const categories = categoriesQuery.data?.length ? categoriesQuery.data : [...CATEGORIES];

  const closeForm = () => {
    setEditing(null);
    if (params.get('new')) setParams({}, { replace: true });
  };

  const toggleVisible = async (poster: AdminPoster, next: boolean) => {
    try {
      await updatePoster({ id: poster.id, payload: { visible: next } }).unwrap();
      toast.success(next ? 'Poster made visible successfully' : 'Poster hidden successfully');
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to update poster visibility. Please try again.'));
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={pageTitle}>Posters</h1>
        <div className="flex gap-2">
          <button type="button" className={btnSecondary} onClick={() => setShowDeleted((s) => !s)} aria-expanded={showDeleted}>
            {showDeleted ? 'Hide deleted' : 'Deleted posters'}
          </button>
          <button type="button" className={btnPrimary} onClick={() => setEditing('new')}>
            Add Poster
          </button>
        </div>
      </div>
      <SearchBox label="Search posters" value={search} onChange={setSearch} />
      {showDeleted && <DeletedPosters />}
      <ListStates isLoading={isLoading} isError={isError} isEmpty={!answer || visible.length === 0} loading="Loading posters..." failed="Failed to load posters. Please try again." empty="No posters found.">
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {visible.map((poster) => (
              <PosterCard
                key={poster.id}
                poster={poster}
                toggling={updateState.isLoading && updateState.originalArgs?.id === poster.id}
                onEdit={() => setEditing(poster)}
                onDelete={() => setDeleting(poster)}
                onToggleVisible={(next) => toggleVisible(poster, next)}
              />
            ))}
          </div>
          <div className="rounded-lg border border-gray-200 bg-white">
            <Pager page={answer} shown={visible.length} onPage={setPage} />
          </div>
        </>
      </ListStates>
      {editing && <PosterFormDialog poster={editing === 'new' ? null : editing} categories={categories} onClose={closeForm} />}
      {deleting && (
        <ConfirmDialog
          title="Delete poster"
          message={`Are you sure you want to delete "${deleting.name}"? This action is permanent.`}
          busy={deleteState.isLoading}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

function DeletedPosters() {
  const { data = [], isLoading, isError } = useGetDeletedPostersQuery();
  const [recover, recoverState] = useRecoverPosterMutation();
  const toast = useToast();
  const onRecover = async (poster: AdminPoster) => {
    try {
      await recover(poster.id).unwrap();
      toast.success('Poster recovered successfully');
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to recover poster. Please try again.'));
    }
  };
  return (
    <section className="rounded-lg border border-dashed border-gray-300 bg-white p-4" aria-labelledby="deleted-posters">
      <h2 id="deleted-posters" className="mb-2 font-semibold">
        Deleted posters
      </h2>
      {isLoading ? (
        <p className="text-sm text-gray-500">Loading...</p>
      ) : isError ? (
        <p className="text-sm text-red-700">Failed to load deleted posters.</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-gray-500">No deleted posters.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {data.map((poster) => (
            <li key={poster.id} className="flex items-center justify-between py-2 text-sm">
              <span>{poster.name}</span>
              <button type="button" className={btnSecondary} disabled={recoverState.isLoading} onClick={() => onRecover(poster)}>
                Recover
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
