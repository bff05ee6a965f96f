import { given } from '../testing/given-when-then.js';
import type { CreatePoster } from './commands.js';
import type { PosterCreated } from './events.js';
import { posterDecider } from './poster.decider.js';

const create: CreatePoster = {
  type: 'CreatePoster',
  data: {
    posterId: 'p1',
    name: ' Salah ',
    description: 'The king',
    category: 'football',
    imageUrl: 'posters/salah.jpg',
    visible: true,
    variants: [
      { variantId: 'v2', size: 'SIZE_30x40', price: 22000 },
      { variantId: 'v1', size: 'SIZE_20x30', price: 15000 },
    ],
  },
};

const created: PosterCreated = {
  type: 'PosterCreated',
  data: {
    posterId: 'p1',
    name: 'Salah',
    description: 'The king',
    category: 'FOOTBALL',
    imageUrl: 'posters/salah.jpg',
    visible: true,
    variants: [
      { variantId: 'v1', size: 'SIZE_20x30', price: 15000 },
      { variantId: 'v2', size: 'SIZE_30x40', price: 22000 },
    ],
  },
};

const withVariants = (variants: CreatePoster['data']['variants']): CreatePoster => ({ ...create, data: { ...create.data, variants } });

describe('poster decider', () => {
  describe('CreatePoster', () => {
    it('creates a poster with trimmed fields, upper-cased category and variants sorted by size', () => {
      given(posterDecider).when(create).then([created]);
    });

    it('keeps the Arabic name and description, trimmed, and leaves blank ones out', () => {
      given(posterDecider)
        .when({ ...create, data: { ...create.data, nameAr: ' صلاح ', descriptionAr: '  ' } })
        .then([{ ...created, data: { ...created.data, nameAr: 'صلاح' } }]);
    });

    it('refuses a second creation of the same poster', () => {
      given(posterDecider, [created]).when(create).thenThrows('POSTER_EXISTS', 'conflict');
    });

    it.each([['name'], ['category'], ['imageUrl']] as const)('requires %s', (field) => {
      const error = given(posterDecider)
        .when({ ...create, data: { ...create.data, [field]: '  ' } })
        .thenThrows('POSTER_REQUIRED_FIELDS', 'validation');
      expect(error.message).toBe('Please fill in all required fields.');
    });

    it('refuses an unknown category', () => {
      given(posterDecider).when({ ...create, data: { ...create.data, category: 'SPORTS' } }).thenThrows('POSTER_INVALID_CATEGORY');
    });

    it('requires at least one size', () => {
      const error = given(posterDecider).when(withVariants([])).thenThrows('POSTER_NO_SIZE');
      expect(error.message).toBe('Please select at least one size.');
    });

    it.each([0, -100, 12.5, Number.NaN])('refuses the price %p', (price) => {
      const error = given(posterDecider)
        .when(withVariants([{ variantId: 'v1', size: 'SIZE_20x30', price }]))
        .thenThrows('POSTER_INVALID_PRICE');
      expect(error.message).toBe('Please enter valid prices (numbers greater than 0).');
    });

    it('refuses an unknown size', () => {
      given(posterDecider).when(withVariants([{ variantId: 'v1', size: 'SIZE_10x10', price: 100 }])).thenThrows('POSTER_INVALID_SIZE');
    });

    it('refuses the same size twice', () => {
      given(posterDecider)
        .when(
          withVariants([
            { variantId: 'v1', size: 'SIZE_20x30', price: 100 },
            { variantId: 'v2', size: 'SIZE_20x30', price: 200 },
          ]),
        )
        .thenThrows('POSTER_DUPLICATE_SIZE');
    });
  });

  describe('ChangePosterDetails', () => {
    it('records only the fields that changed', () => {
      given(posterDecider, [created])
        .when({ type: 'ChangePosterDetails', data: { posterId: 'p1', name: 'Salah', description: 'Egyptian king', category: 'FOOTBALL' } })
        .then([{ type: 'PosterDetailsChanged', data: { posterId: 'p1', description: 'Egyptian king' } }]);
    });

    it('changes nothing when every field is the same', () => {
      given(posterDecider, [created]).when({ type: 'ChangePosterDetails', data: { posterId: 'p1', name: 'Salah' } }).then([]);
    });

    it('keeps the image when the new one is blank (edit without a new file)', () => {
      given(posterDecider, [created]).when({ type: 'ChangePosterDetails', data: { posterId: 'p1', imageUrl: '' } }).then([]);
    });

    it('refuses a blank name', () => {
      given(posterDecider, [created]).when({ type: 'ChangePosterDetails', data: { posterId: 'p1', name: ' ' } }).thenThrows('POSTER_REQUIRED_FIELDS');
    });

    it('refuses an unknown poster', () => {
      given(posterDecider).when({ type: 'ChangePosterDetails', data: { posterId: 'p1', name: 'X' } }).thenThrows('POSTER_NOT_FOUND', 'not_found');
    });

    it('refuses a deleted poster', () => {
      given(posterDecider, [created, { type: 'PosterDeleted', data: { posterId: 'p1' } }])
        .when({ type: 'ChangePosterDetails', data: { posterId: 'p1', name: 'X' } })
        .thenThrows('POSTER_DELETED', 'conflict');
    });

    it('evolves into the new details', () => {
      given(posterDecider, [created])
        .when({ type: 'ChangePosterDetails', data: { posterId: 'p1', category: 'ART' } })
        .thenState((state) => expect(state.category).toBe('ART'));
    });
  });

  describe('ChangePosterVariants', () => {
    it('keeps the variant id of an existing size and takes the new id for a new size', () => {
      given(posterDecider, [created])
        .when({
          type: 'ChangePosterVariants',
          data: {
            posterId: 'p1',
            variants: [
              { variantId: 'other', size: 'SIZE_20x30', price: 16000 },
              { variantId: 'v3', size: 'SIZE_50x70', price: 40000 },
            ],
          },
        })
        .then([
          {
            type: 'PosterVariantsChanged',
            data: {
              posterId: 'p1',
              variants: [
                { variantId: 'v1', size: 'SIZE_20x30', price: 16000 },
                { variantId: 'v3', size: 'SIZE_50x70', price: 40000 },
              ],
            },
          },
        ]);
    });

    it('changes nothing when the list is the same in another order', () => {
      given(posterDecider, [created])
        .when({ type: 'ChangePosterVariants', data: { posterId: 'p1', variants: [...created.data.variants].reverse() } })
        .then([]);
    });

    it('validates like creation', () => {
      given(posterDecider, [created]).when({ type: 'ChangePosterVariants', data: { posterId: 'p1', variants: [] } }).thenThrows('POSTER_NO_SIZE');
    });

    it('refuses an unknown poster', () => {
      given(posterDecider).when({ type: 'ChangePosterVariants', data: { posterId: 'p1', variants: [] } }).thenThrows('POSTER_NOT_FOUND');
    });
  });

  describe('visibility, delete and recover', () => {
    it('hides a visible poster and ignores hiding it again', () => {
      const hidden = { type: 'PosterVisibilityChanged', data: { posterId: 'p1', visible: false } } as const;
      given(posterDecider, [created]).when({ type: 'ChangePosterVisibility', data: { posterId: 'p1', visible: false } }).then([hidden]);
      given(posterDecider, [created, hidden]).when({ type: 'ChangePosterVisibility', data: { posterId: 'p1', visible: false } }).then([]);
    });

    it('soft-deletes, and deleting again changes nothing', () => {
      const deleted = { type: 'PosterDeleted', data: { posterId: 'p1' } } as const;
      given(posterDecider, [created]).when({ type: 'DeletePoster', data: { posterId: 'p1' } }).then([deleted]);
      given(posterDecider, [created, deleted]).when({ type: 'DeletePoster', data: { posterId: 'p1' } }).then([]);
    });

    it('recovers a deleted poster with its details intact', () => {
      given(posterDecider, [created, { type: 'PosterDeleted', data: { posterId: 'p1' } }])
        .when({ type: 'RecoverPoster', data: { posterId: 'p1' } })
        .thenState((state, events) => {
          expect(events).toEqual([{ type: 'PosterRecovered', data: { posterId: 'p1' } }]);
          expect(state.deleted).toBe(false);
          expect(state.name).toBe('Salah');
        });
    });

    it('recovering a live poster changes nothing', () => {
      given(posterDecider, [created]).when({ type: 'RecoverPoster', data: { posterId: 'p1' } }).then([]);
    });

    it('refuses to delete or recover an unknown poster', () => {
      given(posterDecider).when({ type: 'DeletePoster', data: { posterId: 'p1' } }).thenThrows('POSTER_NOT_FOUND', 'not_found');
      given(posterDecider).when({ type: 'RecoverPoster', data: { posterId: 'p1' } }).thenThrows('POSTER_NOT_FOUND', 'not_found');
    });
  });

  describe('Arabic wording', () => {
    it('changes only what differs, and an empty Arabic name clears it', () => {
      const arabic = { ...created, data: { ...created.data, nameAr: 'صلاح' } };
      given(posterDecider, [arabic])
        .when({ type: 'ChangePosterDetails', data: { posterId: 'p1', nameAr: 'صلاح', descriptionAr: 'الملك' } })
        .then([{ type: 'PosterDetailsChanged', data: { posterId: 'p1', descriptionAr: 'الملك' } }]);
      given(posterDecider, [arabic])
        .when({ type: 'ChangePosterDetails', data: { posterId: 'p1', nameAr: ' ' } })
        .then([{ type: 'PosterDetailsChanged', data: { posterId: 'p1', nameAr: '' } }]);
    });

    it('a poster created before Arabic wording existed has none', () => {
      given(posterDecider, [created])
        .when({ type: 'ChangePosterDetails', data: { posterId: 'p1', nameAr: '' } })
        .then([]);
    });
  });
});
