/**
 * The rest of the shop's life: the banner changed every month or so, customer photos added to
 * the gallery (a few taken down), and newsletter sign-ups from the footer form, some of them
 * already subscribed (refused), some unsubscribed later by an admin.
 */
import type { AnnouncementCommand, GalleryCommand, NewsletterCommand } from '#domain/content/commands.js';
import { announcementDecider, type AnnouncementState } from '#domain/content/announcement.decider.js';
import type { AnnouncementEvent, GalleryEvent, NewsletterEvent } from '#domain/content/events.js';
import { galleryDecider, type GalleryState } from '#domain/content/gallery.decider.js';
import { newsletterSubscriberId, subscriptionDecider, type SubscriptionState } from '#domain/content/subscription.decider.js';
import type { Actor } from '#domain/shared/event.js';
import { announcementStream, galleryStream, subscriberStream } from '#domain/streams.js';
import { ADMIN } from './catalogue-admin.js';
import type { CustomerPool } from './shop-people.js';
import { DAY, repeatRandomly, type Timeline } from './timeline.js';
import { Aggregate, type WriteSide } from './write-side.js';

const BANNERS = [
  'Free shipping on orders over 1,499 EGP',
  'Ramadan Kareem! 20% off with RAMADAN20',
  'New football posters every week',
  'Frames are back in stock',
  'Order two posters and save on shipping',
  'Eid Mubarak! Deliveries resume on Sunday',
  '',
];
const MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'hotmail.com'];
/** The actor the API records for a visitor without a cart cookie (its request-context middleware). */
const VISITOR: Actor = { kind: 'shopper', id: 'anonymous' };

export class Content {
  readonly announcement = new Aggregate<AnnouncementCommand, AnnouncementEvent, AnnouncementState>(announcementStream(), announcementDecider);
  readonly gallery = new Aggregate<GalleryCommand, GalleryEvent, GalleryState>(galleryStream(), galleryDecider);
  /** One stream per address, as the API writes them (a second sign-up of an address is refused there). */
  private readonly subscriptions = new Map<string, Aggregate<NewsletterCommand, NewsletterEvent, SubscriptionState>>();
  private visitors = 0;

  constructor(
    private readonly w: WriteSide,
    private readonly timeline: Timeline,
    private readonly people: CustomerPool,
    private readonly o: { start: number; end: number; signUps: number },
  ) {}

  open(): void {
    const { start, end } = this.o;
    const r = this.w.random;
    this.w.execute(this.announcement, [{ type: 'ChangeAnnouncement', data: { text: BANNERS[0] } }], start + DAY / 2, ADMIN);
    repeatRandomly(this.timeline, r, start + DAY, 30 * DAY, (at) =>
      this.w.execute(this.announcement, [{ type: 'ChangeAnnouncement', data: { text: r.pick(BANNERS) } }], at, ADMIN));
    repeatRandomly(this.timeline, r, start + DAY, 14 * DAY, (at) => this.changeGallery(at));
    if (this.o.signUps > 0) repeatRandomly(this.timeline, r, start + DAY, (end - start) / this.o.signUps, (at) => this.signUp(at));
  }

  private changeGallery(at: number): void {
    const r = this.w.random;
    const images = this.gallery.state.images;
    const command: GalleryCommand = images.length > 5 && r.chance(0.15)
      ? { type: 'RemoveGalleryImage', data: { imageId: r.pick(images).imageId } }
      : { type: 'AddGalleryImage', data: { imageId: this.w.uuid(), imageUrl: `/uploads/gallery/${this.w.uuid()}.webp` } };
    this.w.execute(this.gallery, [command], at, ADMIN);
  }

  private signUp(at: number): void {
    const r = this.w.random;
    const customer = r.chance(0.6) ? this.people.withEmail() : undefined;
    const email = customer?.email
      ? (r.chance(0.2) ? customer.email.toUpperCase() : customer.email)
      : `visitor${this.visitors++}@${r.pick(MAIL_DOMAINS)}`;
    const subscriberId = newsletterSubscriberId(email);
    let subscription = this.subscriptions.get(subscriberId);
    if (!subscription) {
      subscription = new Aggregate<NewsletterCommand, NewsletterEvent, SubscriptionState>(subscriberStream(subscriberId), subscriptionDecider);
      this.subscriptions.set(subscriberId, subscription);
    }
    if (!this.w.execute(subscription, [{ type: 'SubscribeToNewsletter', data: { subscriberId, email } }], at, VISITOR)) return;
    if (r.chance(0.05)) {
      const subscribed = subscription;
      this.timeline.schedule(at + r.int(7, 200) * DAY, (later) =>
        this.w.execute(subscribed, [{ type: 'UnsubscribeFromNewsletter', data: { subscriberId } }], later, ADMIN));
    }
  }
}
