// Shapes of the public catalogue answers (spec section 3), as the storefront reads them.
export interface Variant {
  id: string;
  size: string;
  price: number;
  discountedPrice?: number | null;
  weightGrams?: number;
}

export interface Poster {
  id: string;
  name: string;
  description: string;
  category: string;
  imageUrl: string | null;
  visible?: boolean;
  variants: Variant[];
  hasDiscount?: boolean;
  discountPercentage?: number;
  originalPriceSample?: number;
  discountedPriceSample?: number;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  price: number;
}

export interface Pagination {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export interface PosterPage {
  items: Poster[];
  pagination: Pagination;
}

export interface Bestseller {
  posterId: string;
  totalOrdered: number;
}

export interface Discount {
  id: number | string;
  category: string | null;
  percentage: number;
  active: boolean;
}

export interface GalleryImage {
  id: string;
  imageUrl: string;
}

export interface Governorate {
  code: string;
  nameEn: string;
  nameAr: string;
  shippingCost: number;
}

export interface PublicConfig {
  governorates: Governorate[];
  exemptGovernorates: string[];
  freeShippingThreshold: number;
  codFee: number;
  taxRate: number;
  sizes: { code: string; label: string }[];
  categories: string[];
}
