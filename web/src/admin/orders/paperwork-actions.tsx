import { useState } from 'react';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { useToast } from '../../lib/toast';
import { sessionStaffRole } from '../auth/admin-session';
import { downloadFile } from '../shared/download';
import { btnSecondary, input, label } from '../shared/styles';

/** The most orders one print asks for (the server refuses more). */
export const MAX_PRINT_BATCH = 200;

type Paper = 'A4' | 'LABEL_10x15';

export function mayPrintPaperwork(): boolean {
  const role = sessionStaffRole();
  return role !== null && can(role, 'paperwork.print');
}

/** Today in Cairo (the shop's day, as the server's manifest counts it), YYYY-MM-DD. */
function shopToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function usePrint() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (what: string, download: () => Promise<void>) => {
    setBusy(true);
    try {
      await download();
    } catch {
      toast.error('Printing failed', `The ${what} could not be made. Please try again.`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** "Packing slip" (A4) and "Label" (10 × 15 cm) of one order, on its page. */
export function OrderPaperworkButtons({ orderNumber }: { orderNumber: string }) {
  const { busy, run } = usePrint();
  if (!mayPrintPaperwork()) return null;
  const get = (paper: Paper, name: string) =>
    run(name, () => downloadFile(`/api/admin/orders/${encodeURIComponent(orderNumber)}/packing-slip?paper=${paper}`, `${paper === 'A4' ? 'packing-slip' : 'label'}_${orderNumber}.pdf`));
  return (
    <>
      <button type="button" className={btnSecondary} disabled={busy} onClick={() => get('A4', 'packing slip')}>
        Packing slip
      </button>
      <button type="button" className={btnSecondary} disabled={busy} onClick={() => get('LABEL_10x15', 'label')}>
        Label
      </button>
    </>
  );
}

/** The list's batch action: one PDF of the selected orders, a page each. */
export function PrintSelectedButtons({ orderNumbers }: { orderNumbers: readonly string[] }) {
  const { busy, run } = usePrint();
  if (!mayPrintPaperwork()) return null;
  const tooMany = orderNumbers.length > MAX_PRINT_BATCH;
  const print = (paper: Paper) =>
    run(paper === 'A4' ? 'packing slips' : 'labels', () =>
      downloadFile('/api/admin/paperwork/packing-slips', `${paper === 'A4' ? 'packing-slips' : 'labels'}_${orderNumbers.length}.pdf`, { orders: orderNumbers, paper }),
    );
  const disabled = busy || orderNumbers.length === 0 || tooMany;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-gray-600" aria-live="polite">
        {tooMany ? `At most ${MAX_PRINT_BATCH} orders at once` : `${orderNumbers.length} selected`}
      </span>
      <button type="button" className={btnSecondary} disabled={disabled} onClick={() => print('A4')}>
        Print packing slips
      </button>
      <button type="button" className={btnSecondary} disabled={disabled} onClick={() => print('LABEL_10x15')}>
        Print labels
      </button>
    </div>
  );
}

/** The courier's manifest of a day (the orders marked shipped that day, Cairo time), CSV or PDF. */
export function ManifestDownload() {
  const { busy, run } = usePrint();
  const [day, setDay] = useState(shopToday);
  if (!mayPrintPaperwork()) return null;
  const get = (kind: 'csv' | 'pdf') => run('manifest', () => downloadFile(`/api/admin/paperwork/manifest.${kind}?date=${day}`, `manifest_${day}.${kind}`));
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="manifest-day" className={label}>
          Courier manifest
        </label>
        <input id="manifest-day" type="date" className={input} value={day} onChange={(e) => setDay(e.target.value)} />
      </div>
      <button type="button" className={btnSecondary} disabled={busy || !day} onClick={() => get('csv')}>
        Manifest CSV
      </button>
      <button type="button" className={btnSecondary} disabled={busy || !day} onClick={() => get('pdf')}>
        Manifest PDF
      </button>
    </div>
  );
}
