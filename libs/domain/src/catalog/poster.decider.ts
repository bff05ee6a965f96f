/** Poster aggregate (`poster-<posterId>`): details, variants (sizes and prices), visibility, soft delete. */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isBlank, trimmed } from '../shared/validation.js';
import { type Category, isCategory } from '../shop-config.js';
import type { PosterCommand } from './commands.js';
import type { PosterDetailsChanged, PosterEvent, PosterVariant } from './events.js';
import { normaliseVariants, POSTER_ERRORS, sameVariants } from './variants.js';

export interface PosterState {
  exists: boolean;
  posterId: string;
  name: string;
  description: string;
  /** '' when the poster has no Arabic wording. */
  nameAr: string;
  descriptionAr: string;
  category: Category | null;
  imageUrl: string;
  visible: boolean;
  /** Soft-deleted posters keep their stream and can be recovered. */
  deleted: boolean;
  variants: PosterVariant[];
}

export const initialPosterState: PosterState = Object.freeze({
  exists: false,
  posterId: '',
  name: '',
  description: '',
  nameAr: '',
  descriptionAr: '',
  category: null,
  imageUrl: '',
  visible: false,
  deleted: false,
  variants: [],
});

const notFound = () => DomainError.notFound('POSTER_NOT_FOUND', 'Poster not found');

/** Edits of a deleted poster are refused so the deleted list shows what was deleted. */
function requireEditable(state: PosterState): void {
  if (!state.exists) throw notFound();
  if (state.deleted) throw DomainError.conflict('POSTER_DELETED', 'Poster was deleted; recover it first');
}

function category(value: unknown): Category {
  const code = trimmed(value).toUpperCase();
  if (!isCategory(code)) throw DomainError.validation('POSTER_INVALID_CATEGORY', POSTER_ERRORS.invalidCategory);
  return code;
}

export function decidePoster(command: PosterCommand, state: PosterState): PosterEvent[] {
  switch (command.type) {
    case 'CreatePoster': {
      const { posterId, name, description, nameAr, descriptionAr, imageUrl, visible, variants } = command.data;
      if (state.exists) throw DomainError.conflict('POSTER_EXISTS', 'Poster already exists');
      if (isBlank(name) || isBlank(command.data.category) || isBlank(imageUrl)) {
        throw DomainError.validation('POSTER_REQUIRED_FIELDS', POSTER_ERRORS.requiredFields);
      }
      return [
        {
          type: 'PosterCreated',
          data: {
            posterId,
            name: trimmed(name),
            description: trimmed(description),
            ...(isBlank(nameAr) ? {} : { nameAr: trimmed(nameAr) }),
            ...(isBlank(descriptionAr) ? {} : { descriptionAr: trimmed(descriptionAr) }),
            category: category(command.data.category),
            imageUrl: trimmed(imageUrl),
            visible: visible !== false,
            variants: normaliseVariants(variants, []),
          },
        },
      ];
    }
    case 'ChangePosterDetails': {
      requireEditable(state);
      const { name, description, imageUrl } = command.data;
      const changed: { -readonly [K in keyof PosterDetailsChanged['data']]?: PosterDetailsChanged['data'][K] } = {};
      if (name !== undefined) {
        if (isBlank(name)) throw DomainError.validation('POSTER_REQUIRED_FIELDS', POSTER_ERRORS.requiredFields);
        if (trimmed(name) !== state.name) changed.name = trimmed(name);
      }
      if (description !== undefined && trimmed(description) !== state.description) {
        changed.description = trimmed(description);
      }
      const { nameAr, descriptionAr } = command.data;
      if (nameAr !== undefined && trimmed(nameAr) !== state.nameAr) changed.nameAr = trimmed(nameAr);
      if (descriptionAr !== undefined && trimmed(descriptionAr) !== state.descriptionAr) changed.descriptionAr = trimmed(descriptionAr);
      if (command.data.category !== undefined) {
        if (isBlank(command.data.category)) throw DomainError.validation('POSTER_REQUIRED_FIELDS', POSTER_ERRORS.requiredFields);
        const next = category(command.data.category);
        if (next !== state.category) changed.category = next;
      }
      // An empty imageUrl means "no new image" (editing without a new file keeps the current one).
      if (imageUrl !== undefined && !isBlank(imageUrl) && trimmed(imageUrl) !== state.imageUrl) {
        changed.imageUrl = trimmed(imageUrl);
      }
      if (Object.keys(changed).length === 0) return [];
      return [{ type: 'PosterDetailsChanged', data: { posterId: state.posterId, ...changed } }];
    }
    case 'ChangePosterVariants': {
      requireEditable(state);
      const variants = normaliseVariants(command.data.variants, state.variants);
      if (sameVariants(variants, state.variants)) return [];
      return [{ type: 'PosterVariantsChanged', data: { posterId: state.posterId, variants } }];
    }
    case 'ChangePosterVisibility': {
      requireEditable(state);
      if (typeof command.data.visible !== 'boolean') {
        throw DomainError.validation('POSTER_INVALID_VISIBILITY', 'Visibility must be true or false');
      }
      if (command.data.visible === state.visible) return [];
      return [{ type: 'PosterVisibilityChanged', data: { posterId: state.posterId, visible: command.data.visible } }];
    }
    case 'DeletePoster':
      if (!state.exists) throw notFound();
      return state.deleted ? [] : [{ type: 'PosterDeleted', data: { posterId: state.posterId } }];
    case 'RecoverPoster':
      if (!state.exists) throw notFound();
      return state.deleted ? [{ type: 'PosterRecovered', data: { posterId: state.posterId } }] : [];
    default:
      return assertNever(command, 'poster command');
  }
}

export function evolvePoster(state: PosterState, event: PosterEvent): PosterState {
  switch (event.type) {
    case 'PosterCreated':
      return { ...initialPosterState, ...event.data, variants: [...event.data.variants], exists: true, deleted: false };
    case 'PosterDetailsChanged': {
      const { posterId: _posterId, ...changed } = event.data;
      return { ...state, ...changed };
    }
    case 'PosterVariantsChanged':
      return { ...state, variants: [...event.data.variants] };
    case 'PosterVisibilityChanged':
      return { ...state, visible: event.data.visible };
    case 'PosterDeleted':
      return { ...state, deleted: true };
    case 'PosterRecovered':
      return { ...state, deleted: false };
    default:
      return assertNever(event, 'poster event');
  }
}

export const posterDecider: Decider<PosterCommand, PosterEvent, PosterState> = {
  decide: decidePoster,
  evolve: evolvePoster,
  initialState: initialPosterState,
};
