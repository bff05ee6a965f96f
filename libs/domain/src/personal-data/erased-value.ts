/** What a reader finds in a text field whose subject was erased (dependency-free: the web reads it too). */
export const ERASED = '[erased]';

/** An order whose customer was erased: nobody to call, confirm with, or deliver to. */
export function isErasedCustomer(order: { phone: string }): boolean {
  return order.phone === ERASED;
}
