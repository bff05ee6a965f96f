// The admin's view of an order. The API may answer flat (spec section 3) or with nested
// customer/totals (the OrderPlaced shape); normalizeOrder reads both so pages see one shape.

export type OrderStatus = 'PLACED' | 'SHIPPED' | 'CANCELED';
export const ORDER_STATUSES: OrderStatus[] = ['PLACED', 'SHIPPED', 'CANCELED'];

export interface AdminOrderItem {
  key: string;
  posterId: string | null;
  productId: string | null;
  customImagePath: string | null;
  imageUrl: string | null;
  name: string;
  size: string | null;
  quantity: number;
  unitPrice: number;
}

export interface AdminOrder {
  id: string;
  orderNumber: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  addressLine: string;
  building: string;
  apartment: string;
  city: string;
  governorate: string;
  paymentMethod: string;
  paymentReference: string | null;
  promoCode: string | null;
  subtotal: number;
  discountFromPromoCode: number;
  discountFromPromotions: number;
  shippingCost: number;
  codFee: number;
  total: number;
  status: OrderStatus;
  createdAt: string | null;
  items: AdminOrderItem[];
}

type Raw = Record<string, unknown>;

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const optStr = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));
const num = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
};

export function normalizeOrder(raw: Raw): AdminOrder {
  const customer = (raw.customer ?? {}) as Raw;
  const totals = (raw.totals ?? {}) as Raw;
  const pick = (key: string) => raw[key] ?? customer[key];
  const money = (key: string, ...aliases: string[]) => {
    for (const name of [key, ...aliases]) {
      if (raw[name] !== undefined && raw[name] !== null) return num(raw[name]);
      if (totals[name] !== undefined && totals[name] !== null) return num(totals[name]);
    }
    return 0;
  };
  const id = str(raw.id ?? raw.orderId);
  const rawItems = Array.isArray(raw.items) ? (raw.items as Raw[]) : [];
  return {
    id,
    orderNumber: str(raw.orderNumber) || `ORD-${id.padStart(6, '0')}`,
    firstName: str(pick('firstName')),
    lastName: str(pick('lastName')),
    phone: str(pick('phone')),
    email: optStr(pick('email')),
    addressLine: str(pick('addressLine')),
    building: str(pick('building')),
    apartment: str(pick('apartment')),
    city: str(pick('city')),
    governorate: str(pick('governorate')),
    paymentMethod: str(raw.paymentMethod),
    paymentReference: optStr(raw.paymentReference),
    promoCode: optStr(raw.promoCode),
    subtotal: money('subtotal'),
    discountFromPromoCode: money('discountFromPromoCode'),
    discountFromPromotions: money('discountFromPromotions'),
    shippingCost: money('shippingCost', 'shipping'),
    codFee: money('codFee'),
    total: money('total'),
    status: (str(raw.status).toUpperCase() || 'PLACED') as OrderStatus,
    createdAt: optStr(raw.createdAt ?? raw.orderDate ?? raw.placedAt),
    items: rawItems.map((item, index) => ({
      key: str(item.itemId ?? item.id ?? index),
      posterId: optStr(item.posterId),
      productId: optStr(item.productId),
      customImagePath: optStr(item.customImagePath),
      imageUrl: optStr(item.imageUrl),
      name: str(item.posterNameSnapshot ?? item.name ?? item.posterName ?? item.productName) || 'Item',
      size: optStr(item.size),
      quantity: num(item.quantity),
      unitPrice: num(item.unitPrice ?? item.price),
    })),
  };
}

export const customerName = (order: AdminOrder) => `${order.firstName} ${order.lastName}`.trim();

/** Order item sizes may come with or without the SIZE_ prefix (spec section 3); both show as 30x40cm. */
export function sizeLabel(size: string | null): string {
  if (!size) return 'N/A';
  const bare = size.replace(/^SIZE_/i, '');
  return /^\d+x\d+$/i.test(bare) ? `${bare}cm` : bare;
}
