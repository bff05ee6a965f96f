import { formatMoney } from '../../lib/money';
import { DataTable } from '../shared/data-table';
import { td } from '../shared/styles';
import { useGetCourierCashQuery } from './couriers-api';

/** Per courier: parcels out, delivered, refused, cash owed (delivered, not yet paid, less fees), paid and fees. */
export function CourierCashTable() {
  const { data = [], isFetching } = useGetCourierCashQuery();
  const right = (label: string) => ({ label, align: 'right' as const });
  return (
    <DataTable busy={isFetching} columns={['Courier', right('Out'), right('Delivered'), right('Refused'), right('Owed'), right('Settled'), right('Fees')]}>
      {data.map((c) => (
        <tr key={c.id} aria-label={`Cash of ${c.name}`}>
          <td className={td}>{c.name}</td>
          <td className={`${td} text-right`}>{c.parcelsOut}</td>
          <td className={`${td} text-right`}>{c.delivered}</td>
          <td className={`${td} text-right`}>{c.refused}</td>
          <td className={`${td} text-right`} data-figure="owed">{formatMoney(c.owed)}</td>
          <td className={`${td} text-right`} data-figure="settled">{formatMoney(c.settled)}</td>
          <td className={`${td} text-right`} data-figure="fees">{formatMoney(c.fees)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
