// Public facts about the shop shown on several screens (one place to change them).
export const SHOP = {
  name: 'Poster Shop',
  email: 'hello@postershop.eg',
  phone: '+20 100 123 4567',
  hours: 'Everyday 12:00 PM - 9:00 PM',
  instagram: 'https://www.instagram.com/postershop.eg',
  instagramHandle: '@postershop.eg',
  facebook: 'https://www.facebook.com/postershop.eg',
  tiktok: 'https://www.tiktok.com/@postershop.eg',
  /** The code the social popup reveals (10% off the first order); the demo seed creates it. */
  followPromoCode: 'FOLLOW10',
} as const;
