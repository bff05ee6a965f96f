/** Add-on product aggregate (`product-<productId>`): frames, stickers and the like sold beside posters. */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isPositivePrice } from '../shared/money.js';
import { isBlank, trimmed } from '../shared/validation.js';
import type { ProductCommand } from './commands.js';
import type { ProductEvent } from './events.js';

export interface ProductState {
  exists: boolean;
  deleted: boolean;
  productId: string;
  name: string;
  description: string;
  /** '' when the add-on has no Arabic wording. */
  nameAr: string;
  descriptionAr: string;
  price: number;
  imageUrl: string | null;
}

export const initialProductState: ProductState = Object.freeze({
  exists: false,
  deleted: false,
  productId: '',
  name: '',
  description: '',
  nameAr: '',
  descriptionAr: '',
  price: 0,
  imageUrl: null,
});

const REQUIRED = 'Please fill in all required fields';

/** A name and a description in at least one language each (the storefronts fall back to it), and a price. */
function validate(data: { name: string; description: string; nameAr?: string; descriptionAr?: string; price: number }): void {
  const missing = (text: string, arabic: string | undefined) => isBlank(text) && isBlank(arabic);
  if (missing(data.name, data.nameAr) || missing(data.description, data.descriptionAr) || !isPositivePrice(data.price)) {
    throw DomainError.validation('PRODUCT_REQUIRED_FIELDS', REQUIRED);
  }
}

function imageOrNull(value: string | null | undefined): string | null {
  return isBlank(value) ? null : trimmed(value);
}

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct': {
      if (state.exists) throw DomainError.conflict('PRODUCT_EXISTS', 'Product already exists');
      validate(command.data);
      const { productId, name, description, nameAr, descriptionAr, price, imageUrl } = command.data;
      return [
        {
          type: 'ProductCreated',
          data: {
            productId, name: trimmed(name), description: trimmed(description), nameAr: trimmed(nameAr), descriptionAr: trimmed(descriptionAr),
            price, imageUrl: imageOrNull(imageUrl),
          },
        },
      ];
    }
    case 'UpdateProduct': {
      if (!state.exists || state.deleted) throw DomainError.notFound('PRODUCT_NOT_FOUND', 'Product not found');
      const next = {
        productId: state.productId,
        name: trimmed(command.data.name),
        description: trimmed(command.data.description),
        // undefined (a client that knows no Arabic fields): the current Arabic wording stays.
        nameAr: command.data.nameAr === undefined ? state.nameAr : trimmed(command.data.nameAr),
        descriptionAr: command.data.descriptionAr === undefined ? state.descriptionAr : trimmed(command.data.descriptionAr),
        price: command.data.price,
        // undefined: the admin edited without a new file, the current image stays.
        imageUrl: command.data.imageUrl === undefined ? state.imageUrl : imageOrNull(command.data.imageUrl),
      };
      validate(next);
      const unchanged =
        next.name === state.name &&
        next.description === state.description &&
        next.nameAr === state.nameAr &&
        next.descriptionAr === state.descriptionAr &&
        next.price === state.price &&
        next.imageUrl === state.imageUrl;
      return unchanged ? [] : [{ type: 'ProductUpdated', data: next }];
    }
    case 'DeleteProduct':
      if (!state.exists || state.deleted) throw DomainError.notFound('PRODUCT_NOT_FOUND', 'Product not found');
      return [{ type: 'ProductDeleted', data: { productId: state.productId } }];
    default:
      return assertNever(command, 'product command');
  }
}

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated':
    case 'ProductUpdated':
      return { ...state, nameAr: '', descriptionAr: '', ...event.data, exists: true, deleted: false };
    case 'ProductDeleted':
      return { ...state, deleted: true };
    default:
      return assertNever(event, 'product event');
  }
}

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: initialProductState,
};
