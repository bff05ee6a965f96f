/** Content events: `announcement`, `gallery`, `newsletter` (singleton streams). */
import type { DomainEvent } from '../shared/event.js';

/**
 * The banner's default (English) text and its Arabic text; either may be '' (the storefront then
 * shows the other). Schema 2 (upcasters.ts): a schema-1 text in Arabic letters reads as textAr.
 */
export type AnnouncementChanged = DomainEvent<'AnnouncementChanged', { text: string; textAr?: string }>;
export type AnnouncementEvent = AnnouncementChanged;

/** caption (default, English) and captionAr are optional: images added before captions, and uncaptioned ones, have none. */
export type GalleryImageAdded = DomainEvent<'GalleryImageAdded', { imageId: string; imageUrl: string; caption?: string; captionAr?: string }>;
export type GalleryImageRemoved = DomainEvent<'GalleryImageRemoved', { imageId: string }>;
export type GalleryEvent = GalleryImageAdded | GalleryImageRemoved;

/** email is stored trimmed and lower-cased (uniqueness is case-insensitive). */
export type NewsletterSubscribed = DomainEvent<'NewsletterSubscribed', { subscriberId: string; email: string }>;
export type NewsletterUnsubscribed = DomainEvent<'NewsletterUnsubscribed', { subscriberId: string; email: string }>;
export type NewsletterEvent = NewsletterSubscribed | NewsletterUnsubscribed;

export type ContentEvent = AnnouncementEvent | GalleryEvent | NewsletterEvent;

const announcementEventTypes: Record<AnnouncementEvent['type'], true> = { AnnouncementChanged: true };
const galleryEventTypes: Record<GalleryEvent['type'], true> = { GalleryImageAdded: true, GalleryImageRemoved: true };
const newsletterEventTypes: Record<NewsletterEvent['type'], true> = {
  NewsletterSubscribed: true,
  NewsletterUnsubscribed: true,
};

export const ANNOUNCEMENT_EVENT_TYPES = Object.keys(announcementEventTypes) as AnnouncementEvent['type'][];
export const GALLERY_EVENT_TYPES = Object.keys(galleryEventTypes) as GalleryEvent['type'][];
export const NEWSLETTER_EVENT_TYPES = Object.keys(newsletterEventTypes) as NewsletterEvent['type'][];
export const CONTENT_EVENT_TYPES: ContentEvent['type'][] = [
  ...ANNOUNCEMENT_EVENT_TYPES,
  ...GALLERY_EVENT_TYPES,
  ...NEWSLETTER_EVENT_TYPES,
];
