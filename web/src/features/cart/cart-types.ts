// The server-held cart (spec section 3). Prices are EGP numbers computed by the server.
export interface CartItem {
  itemId: string;
  id?: string;
  kind?: 'poster' | 'custom' | 'addon';
  posterId: string | null;
  productId?: string | null;
  variantId: string | null;
  posterName: string;
  size: string | null;
  price: number;
  originalPrice?: number;
  finalPrice?: number;
  quantity: number;
  subtotal?: number;
  customImagePath: string | null;
  imageUrl: string | null;
  discountPercentage?: number;
  category?: string | null;
  /** false when the catalogue no longer sells this line (deleted poster, removed size). */
  available?: boolean;
  unavailableMessage?: string | null;
}

export interface Cart {
  items: CartItem[];
  subtotal: number;
  shippingCost?: number;
  shipping?: number;
  codFee: number;
  promoCode: string | null;
  promoDiscount?: number;
  discountFromPromoCode: number;
  discountFromPromotions: number;
  taxAmount: number;
  taxRate?: number;
  originalTotal?: number;
  total?: number;
  paymentMethod?: 'COD' | 'ONLINE' | null;
  /** Extras the server may send; the client falls back to computing them. */
  itemCount?: number;
  posterCount?: number;
  amountToFreeShipping?: number;
}

export interface CartAnswer {
  cartId: string;
  cart: Cart;
}

export interface AddToCartInput {
  posterId?: string | null;
  productId?: string | null;
  variantId?: string | null;
  posterName: string;
  price: number;
  originalPrice?: number;
  finalPrice?: number;
  discountedPrice?: number;
  quantity: number;
  size?: string | null;
  imageUrl?: string | null;
  hasDiscount?: boolean;
  discountPercentage?: number;
  customImagePath?: string | null;
}

export interface CheckoutPayload {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
  addressLine: string;
  building: string;
  apartment: string;
  city: string;
  governorate: string;
  latitude: number;
  longitude: number;
  paymentMethod: 'COD' | 'ONLINE';
  notes?: string;
  promoCode?: string;
  promoDiscount?: number;
  subtotal?: number;
  total?: number;
  shipping?: number;
  codFee?: number;
}

export interface CheckoutAnswer {
  orderNumber: string;
  orderId: string;
}
