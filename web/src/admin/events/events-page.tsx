import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { orderOfStream, orderPath } from '../orders/order-model';
import { format } from 'date-fns';
import { useToast } from '../../lib/toast';
import { Dialog } from '../shared/dialog';
import { downloadFile } from '../shared/download';
import { formatAdminDate } from '../shared/format-date';
import { btnPrimary, btnSecondary, errorPanel, input, label, pageTitle, td } from '../shared/styles';
import { eventsQuery, useGetEventsQuery, type EventFilters, type StoredEvent } from './events-api';
import { DataTable } from '../shared/data-table';

const PAGE_SIZE = 50;

interface FilterForm {
  stream: string;
  type: string;
  from: string;
  to: string;
  correlationId: string;
}

const EMPTY: FilterForm = { stream: '', type: '', from: '', to: '', correlationId: '' };

/** datetime-local (local time) → ISO instant for the API. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : '');


/** Analysts' view of the log: filter by stream, type, time window and correlation id; view JSON; NDJSON download. */
export function EventsPage() {
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [filters, setFilters] = useState<EventFilters>({ limit: PAGE_SIZE });
  // Cursors of the pages before this one, so Previous can go back (the API pages by cursor).
  const [previous, setPrevious] = useState<(string | undefined)[]>([]);
  const [viewing, setViewing] = useState<StoredEvent | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { data, isLoading, isFetching, isError } = useGetEventsQuery(eventsQuery(filters));
  const toast = useToast();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      stream: form.stream.trim(),
      type: form.type.trim(),
      correlationId: form.correlationId.trim(),
      from: toIso(form.from),
      to: toIso(form.to),
      limit: PAGE_SIZE,
    });
    setPrevious([]);
  };

  const downloadNdjson = async () => {
    setDownloading(true);
    const query = new URLSearchParams();
    for (const key of ['stream', 'type', 'correlationId'] as const) if (form[key].trim()) query.set(key, form[key].trim());
    if (form.from) query.set('from', toIso(form.from));
    if (form.to) query.set('to', toIso(form.to));
    try {
      await downloadFile(`/api/admin/events/export?${query}`, `events-${format(new Date(), 'yyyy-MM-dd-HHmm')}.ndjson`);
    } catch {
      toast.error('Error', 'Failed to export events');
    } finally {
      setDownloading(false);
    }
  };

  const field = (key: keyof FilterForm, text: string, type = 'text') => (
    <div>
      <label htmlFor={`events-${key}`} className={label}>
        {text}
      </label>
      <input id={`events-${key}`} type={type} className={input} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
    </div>
  );

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={pageTitle}>Event Browser</h1>
        <button type="button" className={btnSecondary} onClick={downloadNdjson} disabled={downloading}>
          {downloading ? 'Downloading...' : 'Download NDJSON'}
        </button>
      </div>
      <form onSubmit={apply} className="grid gap-3 rounded-lg border border-gray-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-6">
        {field('stream', 'Stream')}
        {field('type', 'Type')}
        {field('from', 'From', 'datetime-local')}
        {field('to', 'To', 'datetime-local')}
        {field('correlationId', 'Correlation id')}
        <div className="flex items-end gap-2">
          <button type="submit" className={btnPrimary}>
            Search
          </button>
          <button
            type="button"
            className={btnSecondary}
            onClick={() => {
              setForm(EMPTY);
              setFilters({ limit: PAGE_SIZE });
              setPrevious([]);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {isLoading ? (
        <p className="text-sm text-gray-500">Loading events...</p>
      ) : isError || !data ? (
        <div className={errorPanel}>Failed to load events</div>
      ) : data.data.length === 0 ? (
        <p className="text-sm text-gray-500">No events found</p>
      ) : (
        <DataTable
          columns={['Position', 'Stream', 'Revision', 'Type', 'Recorded', { label: 'JSON', srOnly: true }]}
          busy={isFetching}
          footer={
            <div className="flex items-center justify-between border-t border-gray-200 px-3 py-2 text-sm">
              <span>
                Page {previous.length + 1} · {data.data.length} events, newest first
              </span>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={btnSecondary}
                  disabled={previous.length === 0}
                  onClick={() => {
                    setFilters({ ...filters, after: previous[previous.length - 1] });
                    setPrevious(previous.slice(0, -1));
                  }}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className={btnSecondary}
                  disabled={!data.nextCursor}
                  onClick={() => {
                    setPrevious([...previous, filters.after]);
                    setFilters({ ...filters, after: data.nextCursor ?? undefined });
                  }}
                >
                  Next
                </button>
              </div>
            </div>
          }
        >
          {data.data.map((event) => (
            <tr key={event.id}>
              <td className={`${td} font-mono text-xs`}>{event.position}</td>
              <td className={`${td} font-mono text-xs`}>
                <button type="button" className="hover:underline" onClick={() => setForm({ ...form, stream: event.stream })} title="Filter by this stream">
                  {event.stream}
                </button>
                {orderOfStream(event.stream) && (
                  <Link to={orderPath(orderOfStream(event.stream)!)} className="ms-2 font-sans text-indigo-700 hover:underline" aria-label={`Open the order of ${event.stream}`}>
                    Order
                  </Link>
                )}
              </td>
              <td className={td}>{String(event.revision)}</td>
              <td className={td}>{event.type}</td>
              <td className={td}>{formatAdminDate(event.recordedAt)}</td>
              <td className={td}>
                <button type="button" className="text-sm text-indigo-700 hover:underline" onClick={() => setViewing(event)}>
                  View JSON
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {viewing && (
        <Dialog title={`${viewing.type} · ${viewing.stream}`} onClose={() => setViewing(null)} wide>
          <pre className="max-h-[60vh] overflow-auto rounded bg-gray-900 p-3 text-xs text-green-200">{JSON.stringify(viewing, null, 2)}</pre>
        </Dialog>
      )}
    </div>
  );
}
