/** Content commands. */
import type { DomainCommand } from '../shared/event.js';

/** textAr left out keeps the current Arabic text. */
export type ChangeAnnouncement = DomainCommand<'ChangeAnnouncement', { text: string; textAr?: string }>;
export type AnnouncementCommand = ChangeAnnouncement;

export type AddGalleryImage = DomainCommand<'AddGalleryImage', { imageId: string; imageUrl: string; caption?: string; captionAr?: string }>;
export type RemoveGalleryImage = DomainCommand<'RemoveGalleryImage', { imageId: string }>;
export type GalleryCommand = AddGalleryImage | RemoveGalleryImage;

/**
 * listedBefore: the address is subscribed in the `newsletter` stream of subscriptions made
 * before per-address streams (the handler looks; the subscription decider refuses it then).
 */
export type SubscribeToNewsletter = DomainCommand<'SubscribeToNewsletter', { subscriberId: string; email: string; listedBefore?: boolean }>;
export type UnsubscribeFromNewsletter = DomainCommand<'UnsubscribeFromNewsletter', { subscriberId: string }>;
export type NewsletterCommand = SubscribeToNewsletter | UnsubscribeFromNewsletter;

export type ContentCommand = AnnouncementCommand | GalleryCommand | NewsletterCommand;
