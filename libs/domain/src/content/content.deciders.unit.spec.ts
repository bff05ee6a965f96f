import { given } from '../testing/given-when-then.js';
import { announcementDecider } from './announcement.decider.js';
import { galleryDecider } from './gallery.decider.js';
import { newsletterDecider } from './newsletter.decider.js';

describe('announcement decider', () => {
  it('changes the text, trimmed', () => {
    given(announcementDecider)
      .when({ type: 'ChangeAnnouncement', data: { text: ' Free shipping this week ' } })
      .then([{ type: 'AnnouncementChanged', data: { text: 'Free shipping this week' } }]);
  });

  it('the same text changes nothing; an empty text clears the banner', () => {
    const changed = { type: 'AnnouncementChanged', data: { text: 'Sale' } } as const;
    given(announcementDecider, [changed]).when({ type: 'ChangeAnnouncement', data: { text: 'Sale' } }).then([]);
    given(announcementDecider, [changed])
      .when({ type: 'ChangeAnnouncement', data: { text: '' } })
      .then([{ type: 'AnnouncementChanged', data: { text: '' } }]);
  });

  it('refuses a text that would break the header', () => {
    given(announcementDecider).when({ type: 'ChangeAnnouncement', data: { text: 'x'.repeat(501) } }).thenThrows('ANNOUNCEMENT_TOO_LONG');
  });
});

describe('gallery decider', () => {
  const added = { type: 'GalleryImageAdded', data: { imageId: 'g1', imageUrl: 'gallery/1.jpg' } } as const;

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
