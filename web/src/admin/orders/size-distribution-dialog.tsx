import { Dialog } from '../shared/dialog';
import type { AdminOrder } from './order-model';
import { sizeDistribution } from './orders-view';

export function SizeDistributionDialog({ orders, onClose }: { orders: AdminOrder[]; onClose: () => void }) {
  const sizes = sizeDistribution(orders);
  return (
    <Dialog title="Size Distribution (PLACED Orders)" onClose={onClose}>
      {sizes.length === 0 ? (
        <p className="text-sm text-gray-500">No items found in PLACED orders</p>
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
