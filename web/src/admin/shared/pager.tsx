import type { AdminOrderPage } from '../../api/generated-admin';

/** The pagination fields every paged admin answer carries (the generated client inlines them per page type). */
export type PageFields = Pick<AdminOrderPage, 'currentPage' | 'totalPages' | 'totalItems' | 'itemsPerPage' | 'hasNextPage' | 'hasPreviousPage'>;
import { btnSecondary } from './styles';

/** The pagination controls under an admin list: 'Showing a to b of n', Previous, 'Page X of Y', Next; none before the first answer. */
export function Pager({ page, shown, onPage }: { page: PageFields | undefined; shown: number; onPage: (page: number) => void }) {
  if (!page) return null;
  const first = shown ? (page.currentPage - 1) * page.itemsPerPage + 1 : 0;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 px-3 py-2 text-sm">
      <span>
        Showing {first} to {first ? first + shown - 1 : 0} of {page.totalItems}
      </span>
      <div className="flex items-center gap-2">
        <button type="button" className={btnSecondary} disabled={!page.hasPreviousPage} onClick={() => onPage(page.currentPage - 1)}>
          Previous
        </button>
        <span>
          Page {page.currentPage} of {page.totalPages}
        </span>
        <button type="button" className={btnSecondary} disabled={!page.hasNextPage} onClick={() => onPage(page.currentPage + 1)}>
          Next
        </button>
      </div>
    </div>
  );
}
