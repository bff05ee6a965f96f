import { given } from '../testing/given-when-then.js';
import { announcementDecider } from './announcement.decider.js';
import { galleryDecider } from './gallery.decider.js';
import { newsletterDecider } from './newsletter.decider.js';
import { newsletterSubscriberId, subscriptionDecider } from './subscription.decider.js';

describe('announcement decider', () => {
  it('changes the text, trimmed', () => {
    given(announcementDecider)
      .when({ type: 'ChangeAnnouncement', data: { text: ' Free shipping this week ' } })
      .then([{ type: 'AnnouncementChanged', data: { text: 'Free shipping this week', textAr: '' } }]);
  });

  it('keeps the Arabic text beside the default one; a change without it keeps it', () => {
    const both = { type: 'AnnouncementChanged', data: { text: 'Sale', textAr: 'تخفيضات' } } as const;
    given(announcementDecider).when({ type: 'ChangeAnnouncement', data: { text: 'Sale', textAr: ' تخفيضات ' } }).then([both]);
    given(announcementDecider, [both]).when({ type: 'ChangeAnnouncement', data: { text: 'Sale' } }).then([]);
    given(announcementDecider, [both])
      .when({ type: 'ChangeAnnouncement', data: { text: 'Big sale' } })
      .then([{ type: 'AnnouncementChanged', data: { text: 'Big sale', textAr: 'تخفيضات' } }]);
    given(announcementDecider, [both])
      .when({ type: 'ChangeAnnouncement', data: { text: 'Sale', textAr: '' } })
      .then([{ type: 'AnnouncementChanged', data: { text: 'Sale', textAr: '' } }]);
  });

  it('refuses an Arabic text that would break the header', () => {
    given(announcementDecider).when({ type: 'ChangeAnnouncement', data: { text: '', textAr: 'س'.repeat(501) } }).thenThrows('ANNOUNCEMENT_TOO_LONG');
  });

  it('the same text changes nothing; an empty text clears the banner', () => {
    const changed = { type: 'AnnouncementChanged', data: { text: 'Sale' } } as const;
    given(announcementDecider, [changed]).when({ type: 'ChangeAnnouncement', data: { text: 'Sale' } }).then([]);
    given(announcementDecider, [changed])
      .when({ type: 'ChangeAnnouncement', data: { text: '' } })
      .then([{ type: 'AnnouncementChanged', data: { text: '', textAr: '' } }]);
  });

  it('refuses a text that would break the header', () => {
    given(announcementDecider).when({ type: 'ChangeAnnouncement', data: { text: 'x'.repeat(501) } }).thenThrows('ANNOUNCEMENT_TOO_LONG');
  });
});

describe('gallery decider', () => {
  const added = { type: 'GalleryImageAdded', data: { imageId: 'g1', imageUrl: 'gallery/1.jpg' } } as const;

  it('adds an image with its captions, trimmed; blank ones are left out', () => {
    given(galleryDecider)
      .when({ type: 'AddGalleryImage', data: { imageId: 'g1', imageUrl: 'gallery/1.jpg', caption: ' Our first order ', captionAr: 'أول طلب' } })
      .then([{ type: 'GalleryImageAdded', data: { imageId: 'g1', imageUrl: 'gallery/1.jpg', caption: 'Our first order', captionAr: 'أول طلب' } }]);
    given(galleryDecider)
      .when({ type: 'AddGalleryImage', data: { imageId: 'g1', imageUrl: 'gallery/1.jpg', caption: ' ', captionAr: '' } })
      .then([added]);
  });

  it('adds an image', () => {
    given(galleryDecider).when({ type: 'AddGalleryImage', data: { imageId: 'g1', imageUrl: 'gallery/1.jpg' } }).then([added]);
  });

  it('refuses an image without a URL and a duplicate id', () => {
    given(galleryDecider).when({ type: 'AddGalleryImage', data: { imageId: 'g1', imageUrl: '' } }).thenThrows('GALLERY_IMAGE_REQUIRED');
    given(galleryDecider, [added]).when({ type: 'AddGalleryImage', data: { imageId: 'g1', imageUrl: 'x.jpg' } }).thenThrows('GALLERY_IMAGE_EXISTS', 'conflict');
  });

  it('removes an image', () => {
    given(galleryDecider, [added])
      .when({ type: 'RemoveGalleryImage', data: { imageId: 'g1' } })
      .thenState((state, events) => {
        expect(events).toEqual([{ type: 'GalleryImageRemoved', data: { imageId: 'g1' } }]);
        expect(state.images).toEqual([]);
      });
  });

  it('refuses removing an unknown image', () => {
    given(galleryDecider, [added]).when({ type: 'RemoveGalleryImage', data: { imageId: 'g2' } }).thenThrows('GALLERY_IMAGE_NOT_FOUND', 'not_found');
  });
});

describe('newsletter decider', () => {
  const subscribed = { type: 'NewsletterSubscribed', data: { subscriberId: 's1', email: 'mona@example.com' } } as const;

  it('subscribes an e-mail, trimmed and lower-cased', () => {
    given(newsletterDecider).when({ type: 'SubscribeToNewsletter', data: { subscriberId: 's1', email: ' Mona@Example.COM ' } }).then([subscribed]);
  });

  it('refuses an e-mail already subscribed, whatever its case', () => {
    given(newsletterDecider, [subscribed])
      .when({ type: 'SubscribeToNewsletter', data: { subscriberId: 's2', email: 'MONA@example.com' } })
      .thenThrows('NEWSLETTER_ALREADY_SUBSCRIBED', 'conflict');
  });

  it.each(['', 'mona', 'mona@', 'mona@example', 'mo na@example.com'])('refuses the e-mail %p', (email) => {
    given(newsletterDecider).when({ type: 'SubscribeToNewsletter', data: { subscriberId: 's1', email } }).thenThrows('NEWSLETTER_INVALID_EMAIL', 'validation');
  });

  it('unsubscribes by id, carrying the e-mail; the e-mail may then subscribe again', () => {
    const unsubscribed = { type: 'NewsletterUnsubscribed', data: { subscriberId: 's1', email: 'mona@example.com' } } as const;
    given(newsletterDecider, [subscribed]).when({ type: 'UnsubscribeFromNewsletter', data: { subscriberId: 's1' } }).then([unsubscribed]);
    given(newsletterDecider, [subscribed, unsubscribed])
      .when({ type: 'SubscribeToNewsletter', data: { subscriberId: 's2', email: 'mona@example.com' } })
      .then([{ type: 'NewsletterSubscribed', data: { subscriberId: 's2', email: 'mona@example.com' } }]);
  });

  it('refuses unsubscribing an unknown id', () => {
    given(newsletterDecider, [subscribed]).when({ type: 'UnsubscribeFromNewsletter', data: { subscriberId: 'nope' } }).thenThrows('NEWSLETTER_SUBSCRIBER_NOT_FOUND', 'not_found');
  });
});

describe('subscription decider (one stream per address)', () => {
  const id = newsletterSubscriberId('mona@example.com');
  const subscribed = { type: 'NewsletterSubscribed', data: { subscriberId: id, email: 'mona@example.com' } } as const;
  const unsubscribed = { type: 'NewsletterUnsubscribed', data: { subscriberId: id, email: 'mona@example.com' } } as const;

  it('derives one id for every case and spacing of an address', () => {
    expect(newsletterSubscriberId(' Mona@Example.COM ')).toBe(id);
    expect(newsletterSubscriberId('other@example.com')).not.toBe(id);
  });

  it('subscribes once; a second time, or an address listed in the old stream, is a conflict', () => {
    given(subscriptionDecider).when({ type: 'SubscribeToNewsletter', data: { subscriberId: id, email: ' Mona@Example.COM ' } }).then([subscribed]);
    given(subscriptionDecider, [subscribed]).when({ type: 'SubscribeToNewsletter', data: { subscriberId: id, email: 'mona@example.com' } }).thenThrows('NEWSLETTER_ALREADY_SUBSCRIBED', 'conflict');
    given(subscriptionDecider)
      .when({ type: 'SubscribeToNewsletter', data: { subscriberId: id, email: 'mona@example.com', listedBefore: true } })
      .thenThrows('NEWSLETTER_ALREADY_SUBSCRIBED', 'conflict');
  });

  it('refuses an invalid address before anything else', () => {
    given(subscriptionDecider).when({ type: 'SubscribeToNewsletter', data: { subscriberId: id, email: 'mona@', listedBefore: true } }).thenThrows('NEWSLETTER_INVALID_EMAIL', 'validation');
  });

  it('unsubscribes by its id, carrying the address; then it may subscribe again', () => {
    given(subscriptionDecider, [subscribed]).when({ type: 'UnsubscribeFromNewsletter', data: { subscriberId: id } }).then([unsubscribed]);
    given(subscriptionDecider, [subscribed, unsubscribed]).when({ type: 'UnsubscribeFromNewsletter', data: { subscriberId: id } }).thenThrows('NEWSLETTER_SUBSCRIBER_NOT_FOUND', 'not_found');
    given(subscriptionDecider, [subscribed, unsubscribed]).when({ type: 'SubscribeToNewsletter', data: { subscriberId: id, email: 'mona@example.com' } }).then([subscribed]);
    given(subscriptionDecider, [subscribed]).when({ type: 'UnsubscribeFromNewsletter', data: { subscriberId: 'other' } }).thenThrows('NEWSLETTER_SUBSCRIBER_NOT_FOUND');
  });
});
