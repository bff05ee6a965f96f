import { Dialog } from '../shared/dialog';
import { useGetSizeDistributionQuery, type OrderListFilters } from './orders-api';

/** Items per size over every order awaiting shipment (PLACED or CONFIRMED) the list's filters select (counted by the server, not one page). */
export function SizeDistributionDialog({ filters, onClose }: { filters: OrderListFilters; onClose: () => void }) {
  const { data: sizes = [], isLoading } = useGetSizeDistributionQuery(filters);
  return (
    <Dialog title="Size Distribution (PLACED and CONFIRMED Orders)" onClose={onClose}>
      {isLoading ? (
        <p className="text-sm text-gray-500">Counting...</p>
      ) : sizes.length === 0 ? (
        <p className="text-sm text-gray-500">No items found in PLACED or CONFIRMED orders</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {sizes.map(({ size, count }) => (
            <li key={size} className="flex justify-between py-2 text-sm">
              <span className="font-medium">{size}</span>
              <span>
                {count} {count === 1 ? 'item' : 'items'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
