import { useState } from 'react';
import { btnSecondary, errorPanel, pageTitle, td } from '../shared/styles';
import { useGetCustomersQuery, type Customer } from './customers-api';
import { EraseCustomerDialog } from './erase-customer-dialog';
import { PersonalDataDownload } from './personal-data-download';
import { DataTable } from '../shared/data-table';
import { governorateName } from '../shared/names';
import { SearchBox } from '../shared/search-box';
import { Pager } from '../shared/pager';
import { useLastPageClamp, usePagedList } from '../shared/use-paged-list';

export function CustomersPage() {
  const { setPage, search, setSearch, pageQuery } = usePagedList();
  const { data, isLoading, isFetching, isError, refetch } = useGetCustomersQuery(pageQuery);
  useLastPageClamp(data, setPage);
  const shown = data?.data ?? [];
  const [erasing, setErasing] = useState<Customer | undefined>();

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Customers</h1>
      <SearchBox label="Search customers" value={search} onChange={setSearch} />
      <PersonalDataDownload />
      {isLoading ? (
        <p className="text-sm text-gray-500">Loading customers...</p>
      ) : isError ? (
        <div className={errorPanel} role="alert">
          <p>Failed to load customers</p>
          <button type="button" className={`${btnSecondary} mt-3`} onClick={() => refetch()}>
            Try again
          </button>
        </div>
      ) : !data || shown.length === 0 ? (
        <p className="text-sm text-gray-500">No customers found</p>
      ) : (
        <DataTable columns={['Customer', 'Contact', 'Address', '']} busy={isFetching} footer={<Pager page={data} shown={shown.length} onPage={setPage} />}>
          {shown.map((c) => (
            <tr key={c.subjectId}>
              <td className={td}>
                <span className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800"
                  >
                    {(c.firstName.charAt(0) + c.lastName.charAt(0)).toUpperCase()}
                  </span>
                  {c.firstName} {c.lastName}
                </span>
              </td>
              <td className={td}>
                {c.email && <p>{c.email}</p>}
                <p className="text-gray-600">{c.phone}</p>
              </td>
              <td className={td}>
                <p>{c.addressLine}</p>
                <p className="text-xs text-gray-600">
                  Building {c.building}, Apartment {c.apartment}, {c.city}, {governorateName(c.governorate)}
                </p>
              </td>
              <td className={td}>
                <button type="button" className="text-sm text-red-700 hover:underline" onClick={() => setErasing(c)} aria-label={`Erase personal data of ${c.firstName} ${c.lastName}`}>
                  Erase personal data
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {erasing && <EraseCustomerDialog customer={erasing} onClose={() => setErasing(undefined)} />}
    </div>
  );
}
