/** The customer photo gallery (`gallery`, one stream). Files are stored by the API; events carry the URL. */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isBlank, trimmed } from '../shared/validation.js';
import type { GalleryCommand } from './commands.js';
import type { GalleryEvent } from './events.js';

export interface GalleryImage {
  imageId: string;
  imageUrl: string;
  caption?: string;
  captionAr?: string;
}

export interface GalleryState {
  images: readonly GalleryImage[];
}

export const initialGalleryState: GalleryState = Object.freeze({ images: [] });

export function decideGallery(command: GalleryCommand, state: GalleryState): GalleryEvent[] {
  switch (command.type) {
    case 'AddGalleryImage': {
      const { imageId, imageUrl, caption, captionAr } = command.data;
      if (isBlank(imageUrl)) throw DomainError.validation('GALLERY_IMAGE_REQUIRED', 'Please select an image to upload');
      if (state.images.some((i) => i.imageId === imageId)) {
        throw DomainError.conflict('GALLERY_IMAGE_EXISTS', 'Gallery image already exists');
      }
      const captions = { ...(isBlank(caption) ? {} : { caption: trimmed(caption) }), ...(isBlank(captionAr) ? {} : { captionAr: trimmed(captionAr) }) };
      return [{ type: 'GalleryImageAdded', data: { imageId, imageUrl: trimmed(imageUrl), ...captions } }];
    }
    case 'RemoveGalleryImage':
      if (!state.images.some((i) => i.imageId === command.data.imageId)) {
        throw DomainError.notFound('GALLERY_IMAGE_NOT_FOUND', 'Gallery image not found');
      }
      return [{ type: 'GalleryImageRemoved', data: { imageId: command.data.imageId } }];
    default:
      return assertNever(command, 'gallery command');
  }
}

export function evolveGallery(state: GalleryState, event: GalleryEvent): GalleryState {
  switch (event.type) {
    case 'GalleryImageAdded':
      return { images: [...state.images, { ...event.data }] };
    case 'GalleryImageRemoved':
      return { images: state.images.filter((i) => i.imageId !== event.data.imageId) };
    default:
      return assertNever(event, 'gallery event');
  }
}

export const galleryDecider: Decider<GalleryCommand, GalleryEvent, GalleryState> = {
  decide: decideGallery,
  evolve: evolveGallery,
  initialState: initialGalleryState,
};
