/** The demo shop `npm start` seeds: posters across every category, add-ons, prices, a discount, a promo code. */
import type { Category, PosterSize } from '#domain/shop-config.js';

export interface DemoPoster {
  slug: string;
  name: string;
  description: string;
  /** The Arabic storefront's wording. */
  nameAr: string;
  descriptionAr: string;
  category: Category;
  /** EGP per size. */
  prices: Partial<Record<PosterSize, number>>;
}

const standard = { SIZE_20x30: 150, SIZE_30x40: 220, SIZE_40x50: 300, SIZE_50x70: 420 };
const small = { SIZE_20x30: 140, SIZE_30x40: 200 };
const large = { SIZE_30x40: 240, SIZE_40x50: 330, SIZE_50x70: 460 };

export const DEMO_POSTERS: readonly DemoPoster[] = [
  { slug: 'nile-at-dusk', name: 'Nile at Dusk', description: 'Feluccas drifting on a copper river as the sun sets over Aswan.', nameAr: 'النيل عند الغروب', descriptionAr: 'مراكب شراعية تنساب على نهر نحاسي والشمس تغرب فوق أسوان.', category: 'NATURE', prices: standard },
  { slug: 'desert-dunes', name: 'Desert Dunes', description: 'Soft waves of sand in the Western Desert, printed on matte paper.', nameAr: 'كثبان الصحراء', descriptionAr: 'موجات ناعمة من الرمال في الصحراء الغربية، مطبوعة على ورق مطفأ.', category: 'NATURE', prices: large },
  { slug: 'red-sea-reef', name: 'Red Sea Reef', description: 'Turquoise water and coral shapes from the coast of Hurghada.', nameAr: 'شعاب البحر الأحمر', descriptionAr: 'مياه فيروزية وأشكال مرجانية من ساحل الغردقة.', category: 'NATURE', prices: standard },
  { slug: 'golden-goal', name: 'Golden Goal', description: 'The last minute of a final, a stadium holding its breath.', nameAr: 'الهدف الذهبي', descriptionAr: 'الدقيقة الأخيرة من نهائي، وملعب يحبس أنفاسه.', category: 'FOOTBALL', prices: standard },
  { slug: 'pharaohs-eleven', name: "Pharaohs' Eleven", description: 'A tactics board in red and white for match-day walls.', nameAr: 'تشكيلة الفراعنة', descriptionAr: 'لوحة خطط بالأحمر والأبيض لجدران أيام المباريات.', category: 'FOOTBALL', prices: small },
  { slug: 'classic-coupe', name: 'Classic Coupe', description: 'Chrome lines of a sixties coupe on a Corniche night.', nameAr: 'كوبيه كلاسيكية', descriptionAr: 'خطوط الكروم لسيارة كوبيه من الستينيات في ليلة على الكورنيش.', category: 'CARS', prices: standard },
  { slug: 'midnight-racer', name: 'Midnight Racer', description: 'Neon streaks of a racing car on an empty ring road.', nameAr: 'متسابق منتصف الليل', descriptionAr: 'خطوط نيون لسيارة سباق على طريق دائري خالٍ.', category: 'CARS', prices: large },
  { slug: 'silver-screen', name: 'Silver Screen', description: 'A tribute to the golden age of Egyptian cinema.', nameAr: 'الشاشة الفضية', descriptionAr: 'تحية للعصر الذهبي للسينما المصرية.', category: 'MOVIES', prices: standard },
  { slug: 'space-odyssey', name: 'Space Odyssey', description: 'Planets in orbit, minimalist and calm.', nameAr: 'أوديسة الفضاء', descriptionAr: 'كواكب في مداراتها، بسيطة وهادئة.', category: 'MOVIES', prices: small },
  { slug: 'spirit-forest', name: 'Spirit Forest', description: 'A quiet forest of lanterns in a hand-drawn anime style.', nameAr: 'غابة الأرواح', descriptionAr: 'غابة هادئة من الفوانيس بأسلوب أنمي مرسوم باليد.', category: 'ANIME', prices: standard },
  { slug: 'sky-runner', name: 'Sky Runner', description: 'A hero leaping across rooftops under a violet sky.', nameAr: 'عدّاء السماء', descriptionAr: 'بطل يقفز فوق الأسطح تحت سماء بنفسجية.', category: 'ANIME', prices: large },
  { slug: 'bauhaus-circles', name: 'Bauhaus Circles', description: 'Primary colours and circles after the Bauhaus masters.', nameAr: 'دوائر باوهاوس', descriptionAr: 'ألوان أساسية ودوائر على طريقة أساتذة الباوهاوس.', category: 'ART', prices: standard },
  { slug: 'islamic-geometry', name: 'Islamic Geometry', description: 'Interlaced stars inspired by the mashrabiya of Old Cairo.', nameAr: 'هندسة إسلامية', descriptionAr: 'نجوم متشابكة مستوحاة من مشربيات القاهرة القديمة.', category: 'ART', prices: large },
  { slug: 'abstract-waves', name: 'Abstract Waves', description: 'Layered waves of colour for a calm corner.', nameAr: 'أمواج تجريدية', descriptionAr: 'طبقات من موجات الألوان لركن هادئ.', category: 'ART', prices: small },
  { slug: 'keep-going', name: 'Keep Going', description: 'A bold reminder for the desk: every small step counts.', nameAr: 'استمر', descriptionAr: 'تذكير جريء للمكتب: كل خطوة صغيرة تفرق.', category: 'QUOTES', prices: small },
  { slug: 'dream-big', name: 'Dream Big', description: 'Typography poster for bedrooms and studios.', nameAr: 'احلم كبيرًا', descriptionAr: 'بوستر طباعي لغرف النوم والاستوديوهات.', category: 'QUOTES', prices: standard },
  { slug: 'cairo-skyline', name: 'Cairo Skyline', description: 'The Cairo Tower and minarets in one continuous line.', nameAr: 'أفق القاهرة', descriptionAr: 'برج القاهرة والمآذن في خط واحد متصل.', category: 'OTHER', prices: standard },
  { slug: 'vintage-map', name: 'Vintage Map', description: 'An old-style map of the Nile Delta.', nameAr: 'خريطة قديمة', descriptionAr: 'خريطة على الطراز القديم لدلتا النيل.', category: 'OTHER', prices: large },
];

export interface DemoProduct {
  slug: string;
  name: string;
  description: string;
  /** The Arabic storefront's wording. */
  nameAr: string;
  descriptionAr: string;
  price: number;
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { slug: 'black-frame', name: 'Black Frame', description: 'A slim black wooden frame with acrylic glass, fits 30x40 cm.', nameAr: 'برواز أسود', descriptionAr: 'برواز خشبي أسود رفيع بزجاج أكريليك، مقاس ٣٠×٤٠ سم.', price: 180 },
  { slug: 'wall-tape', name: 'Poster Wall Tape', description: 'Removable double-sided tape that leaves no marks.', nameAr: 'شريط لاصق للحائط', descriptionAr: 'شريط لاصق على الوجهين يُزال بسهولة ولا يترك أثرًا.', price: 45 },
  { slug: 'gift-wrap', name: 'Gift Wrapping', description: 'A kraft tube with a ribbon and a handwritten card.', nameAr: 'تغليف هدية', descriptionAr: 'أنبوبة كرافت بشريطة وكارت مكتوب بخط اليد.', price: 60 },
];

export interface DemoGalleryImage {
  name: string;
  caption: string;
  captionAr: string;
}

export const DEMO_GALLERY: readonly DemoGalleryImage[] = [
  { name: 'gallery-1', caption: 'A living room in Zamalek', captionAr: 'صالة في الزمالك' },
  { name: 'gallery-2', caption: 'A student desk in Alexandria', captionAr: 'مكتب طالب في الإسكندرية' },
  { name: 'gallery-3', caption: 'Match-day wall in Mansoura', captionAr: 'حائط يوم الماتش في المنصورة' },
  { name: 'gallery-4', caption: 'A café corner in Maadi', captionAr: 'ركن في كافيه بالمعادي' },
  { name: 'gallery-5', caption: 'A bedroom in Nasr City', captionAr: 'غرفة نوم في مدينة نصر' },
  { name: 'gallery-6', caption: 'A studio in Heliopolis', captionAr: 'استوديو في مصر الجديدة' },
];

export const DEMO_ANNOUNCEMENT = 'Free shipping on orders from LE 1,499 · Cash on delivery across Egypt · Use code FOLLOW10 for 10% off your first order';
export const DEMO_ANNOUNCEMENT_AR = 'شحن مجاني للطلبات من ١٬٤٩٩ ج.م. · الدفع عند الاستلام في كل مصر · استخدم كود FOLLOW10 لخصم ١٠٪ على أول طلب';
/** The storefront's follow popup offers this code as a thank-you it cannot verify: one order per customer (phone). */
export const DEMO_PROMO = { code: 'FOLLOW10', percentOff: 10, rules: { oncePerCustomer: true } };
export const DEMO_DISCOUNT = { category: 'ANIME' as const, percentage: 15 };
