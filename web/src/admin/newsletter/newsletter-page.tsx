import { format } from 'date-fns';
import { useToast } from '../../lib/toast';
import { useConfirmedDelete } from '../shared/use-confirmed-delete';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { RowDeleteButton } from '../shared/row-delete-button';
import { downloadFile } from '../shared/download';
import { formatAdminDate } from '../shared/format-date';
import { btnPrimary, pageTitle, td } from '../shared/styles';
import { useDeleteSubscriberMutation, useGetSubscribersQuery, type Subscriber } from './newsletter-api';
import { DataTable } from '../shared/data-table';
import { SearchBox } from '../shared/search-box';
import { Pager } from '../shared/pager';
import { useLastPageClamp, usePagedList } from '../shared/use-paged-list';
import { ListStates } from '../shared/list-states';

export function NewsletterPage() {
  const { setPage, search, setSearch, pageQuery } = usePagedList();
  const { data, isLoading, isFetching, isError } = useGetSubscribersQuery(pageQuery);
  useLastPageClamp(data, setPage);
  const shown = data?.data ?? [];
  const count = data?.subscriberCount ?? 0;
  const [deleteSubscriber, deleteState] = useDeleteSubscriberMutation();
  const { deleting, setDeleting, confirmDelete } = useConfirmedDelete<Subscriber>(deleteSubscriber, { failedTitle: 'Deletion failed', failed: 'Failed to delete subscriber' });
  const toast = useToast();

  useLoadErrorToast(isError, 'Failed to load subscribers');

  const exportCsv = async () => {
    try {
      await downloadFile('/api/admin/newsletter/export', `subscribers-${format(new Date(), 'yyyy-MM-dd')}.csv`);
    } catch {
      toast.error('Error', 'Failed to export subscribers');
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className={pageTitle}>Newsletter</h1>
          {!isLoading && !isError && (
            <p className="text-sm text-gray-600">
              {count} {count === 1 ? 'subscriber' : 'subscribers'}
            </p>
          )}
        </div>
        <button type="button" className={btnPrimary} onClick={exportCsv}>
          Export CSV
        </button>
      </div>
      <SearchBox label="Search by e-mail" value={search} onChange={setSearch} />
      <ListStates isLoading={isLoading} isError={isError} isEmpty={!data || shown.length === 0} loading="Loading subscribers..." failed="Failed to load subscribers" empty={count === 0 ? 'No subscribers yet' : 'No matching subscribers found'}>
        <DataTable
          columns={['Email', 'Subscribed On', { label: 'Actions', srOnly: true }]}
          busy={isFetching}
          footer={<Pager page={data} shown={shown.length} onPage={setPage} />}
        >
          {shown.map((s) => (
            <tr key={s.id}>
              <td className={td}>{s.email}</td>
              <td className={td}>{formatAdminDate(s.subscribedAt)}</td>
              <td className={`${td} text-right`}>
                <RowDeleteButton onClick={() => setDeleting(s)} label={`Delete ${s.email}`} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListStates>
      {deleting && (
        <ConfirmDialog
          title="Delete subscriber"
          message={`Are you sure you want to remove ${deleting.email} from the newsletter?`}
          busy={deleteState.isLoading}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
