/**
 * The shop's customers: a fixed pool of people (one phone each) that orders draw from, some
 * far more often than others, with addresses in every governorate and phone numbers typed the
 * many ways Egyptians type them (the checkout form normalises them to one number).
 */
import type { CheckoutForm } from '#domain/checkout/commands.js';
import type { OrderCustomer } from '#domain/order/events.js';
import { GOVERNORATES, type Governorate, type PaymentMethod } from '#domain/shop-config.js';
import type { Random } from '../lib/seeded-random.js';

/** A customer as their orders record them (the phone normalised: the customers read model's key), and their map pin if they moved it. */
export type Customer = Omit<OrderCustomer, 'latitude' | 'longitude' | 'notes'> & {
  pin: { latitude: number; longitude: number } | null;
};

interface Region {
  /** Share of orders, roughly population and online shopping. */
  weight: number;
  center: [number, number];
  cities: readonly string[];
}

const REGIONS: Readonly<Record<Governorate, Region>> = {
  CAIRO: { weight: 28, center: [30.04, 31.24], cities: ['Nasr City', 'Heliopolis', 'Maadi', 'Zamalek', 'Shubra', 'New Cairo', 'Mokattam', 'Downtown'] },
  GIZA: { weight: 16, center: [30.01, 31.21], cities: ['Dokki', 'Mohandessin', 'Haram', '6th of October', 'Sheikh Zayed', 'Faisal'] },
  QALYUBIA: { weight: 6, center: [30.46, 31.18], cities: ['Banha', 'Shubra El Kheima', 'Qalyub', 'Obour'] },
  ALEXANDRIA: { weight: 12, center: [31.2, 29.92], cities: ['Smouha', 'Sidi Gaber', 'Miami', 'Agami', 'Stanley', 'Mansheya'] },
  DAKAHLIYA: { weight: 5, center: [31.04, 31.38], cities: ['Mansoura', 'Talkha', 'Mit Ghamr'] },
  BEHEIRA: { weight: 3, center: [31.03, 30.47], cities: ['Damanhur', 'Kafr El Dawar', 'Rashid'] },
  GHARBIA: { weight: 4, center: [30.79, 31.0], cities: ['Tanta', 'El Mahalla El Kubra', 'Zefta'] },
  MENOFIA: { weight: 3, center: [30.55, 31.01], cities: ['Shibin El Kom', 'Menouf', 'Sadat City'] },
  SHARQIA: { weight: 4, center: [30.59, 31.5], cities: ['Zagazig', '10th of Ramadan', 'Belbeis'] },
  KAFR_EL_SHEIKH: { weight: 2, center: [31.11, 30.94], cities: ['Kafr El Sheikh', 'Desouk'] },
  DAMIETTA: { weight: 1.5, center: [31.42, 31.81], cities: ['Damietta', 'New Damietta', 'Ras El Bar'] },
  ISMAILIA: { weight: 1.5, center: [30.6, 32.27], cities: ['Ismailia', 'Fayed'] },
  SUEZ: { weight: 1.5, center: [29.97, 32.55], cities: ['Suez', 'Ain Sokhna'] },
  PORT_SAID: { weight: 1.5, center: [31.26, 32.3], cities: ['Port Said', 'Port Fouad'] },
  FAYOUM: { weight: 1.2, center: [29.31, 30.84], cities: ['Fayoum', 'Sinnuris'] },
  BENI_SUEF: { weight: 1, center: [29.07, 31.1], cities: ['Beni Suef', 'El Wasta'] },
  MINYA: { weight: 1.5, center: [28.11, 30.74], cities: ['Minya', 'Mallawi', 'Samalut'] },
  ASSIUT: { weight: 1.5, center: [27.18, 31.18], cities: ['Assiut', 'Dayrut'] },
  SOHAG: { weight: 1, center: [26.56, 31.69], cities: ['Sohag', 'Akhmim', 'Girga'] },
  QENA: { weight: 0.8, center: [26.16, 32.72], cities: ['Qena', 'Nag Hammadi'] },
  LUXOR: { weight: 0.8, center: [25.69, 32.64], cities: ['Luxor', 'Esna', 'Armant'] },
  ASWAN: { weight: 0.8, center: [24.09, 32.9], cities: ['Aswan', 'Kom Ombo', 'Edfu'] },
  RED_SEA: { weight: 0.8, center: [27.26, 33.81], cities: ['Hurghada', 'El Gouna', 'Safaga', 'Marsa Alam'] },
  MATROUH: { weight: 0.4, center: [31.35, 27.24], cities: ['Marsa Matrouh', 'El Alamein', 'Siwa'] },
  NEW_VALLEY: { weight: 0.2, center: [25.45, 30.55], cities: ['Kharga', 'Dakhla'] },
  NORTH_SINAI: { weight: 0.3, center: [31.13, 33.8], cities: ['Arish', 'Bir al-Abd'] },
  SOUTH_SINAI: { weight: 0.5, center: [27.91, 34.33], cities: ['Sharm El Sheikh', 'Dahab', 'El Tor'] },
};

const FIRST = ['Ahmed', 'Mohamed', 'Mahmoud', 'Omar', 'Youssef', 'Mostafa', 'Karim', 'Hassan', 'Ali', 'Amr', 'Tarek', 'Khaled', 'Sherif', 'Ziad', 'Marwan', 'Seif',
  'Nour', 'Mona', 'Sara', 'Salma', 'Nada', 'Yasmin', 'Mariam', 'Farida', 'Laila', 'Hana', 'Dina', 'Rana', 'Aya', 'Heba', 'Reem', 'Malak', 'Habiba', 'Jana', 'Menna'];
const LAST = ['Hassan', 'Ali', 'Mahmoud', 'Ibrahim', 'Saleh', 'Fouad', 'Nabil', 'Kamal', 'Mostafa', 'Abdelrahman', 'Gamal', 'Farouk', 'Shawky', 'Zaki', 'Helmy',
  'Ezzat', 'Mansour', 'Sabry', 'Samir', 'Adel', 'Fathy', 'Ragab', 'Tawfik', 'ElSayed', 'Khalil', 'Naguib', 'Osman', 'Soliman'];
/** Some shoppers type their name in Arabic. */
const FIRST_AR = ['محمد', 'أحمد', 'منى', 'سارة', 'يوسف', 'نور', 'عمر', 'ليلى', 'كريم', 'هبة'];
const LAST_AR = ['حسن', 'علي', 'محمود', 'إبراهيم', 'صالح', 'فؤاد', 'عثمان', 'منصور'];
const STREETS = ['El Tahrir', 'Gamal Abdel Nasser', 'El Nasr', 'Salah Salem', '26th of July', 'El Haram', 'Abbas El Akkad', 'Makram Ebeid', 'El Geish',
  'Port Said', 'El Corniche', 'Mohamed Farid', 'Talaat Harb', 'Ahmed Orabi', 'El Thawra', 'Mostafa El Nahas'];
const MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'];
const NOTES = ['Call before delivery', 'Ring twice', 'Leave it with the doorman', 'After 5 pm please', 'بجوار الصيدلية', 'Gift: no invoice in the box'];
const MOBILE_PREFIXES = ['010', '011', '012', '015'];
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

function digits(random: Random, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(random.int(0, 9));
  return s;
}

/** The same number as shoppers type it: spaced, dashed, with +20 or 0020, or in Arabic-Indic digits. */
export function typedPhone(phone: string, random: Random): string {
  switch (random.weighted({ plain: 50, international: 15, dashed: 15, zeroZero: 5, twenty: 5, arabic: 10 })) {
    case 'plain': return phone;
    case 'international': return `+20 ${phone.slice(1, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    case 'dashed': return `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;
    case 'zeroZero': return `0020${phone.slice(1)}`;
    case 'twenty': return `20${phone.slice(1)}`;
    case 'arabic': return phone.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]);
  }
}

export class CustomerPool {
  private readonly people: Customer[] = [];
  private readonly governorates: Governorate[];
  private readonly cumulative: number[];
  private readonly used = new Set<string>();

  constructor(size: number, private readonly random: Random) {
    this.governorates = GOVERNORATES.map((g) => g.code);
    let sum = 0;
    this.cumulative = this.governorates.map((g) => (sum += REGIONS[g].weight));
    const phones = new Set<string>();
    for (let i = 0; i < size; i++) {
      let phone: string;
      do phone = random.pick(MOBILE_PREFIXES) + digits(random, 8);
      while (phones.has(phone));
      phones.add(phone);
      this.people.push(this.person(i, phone));
    }
  }

  /** Most orders come from anyone; a fifth from the loyal few (the first twentieth of the pool). */
  pick(): Customer {
    const loyal = this.random.chance(0.2);
    const n = loyal ? Math.max(1, Math.floor(this.people.length / 20)) : this.people.length;
    const customer = this.people[this.random.int(0, n - 1)];
    this.used.add(customer.phone);
    return customer;
  }

  /** Someone from the pool with an e-mail, for a newsletter sign-up (undefined if none has one). */
  withEmail(): Customer | undefined {
    for (let tries = 0; tries < 5; tries++) {
      const c = this.people[this.random.int(0, this.people.length - 1)];
      if (c.email) return c;
    }
    return undefined;
  }

  /** Phones that placed at least one order: the customers read model has one row per phone. */
  get distinctPhones(): number {
    return this.used.size;
  }

  private governorate(): Governorate {
    const r = this.random.next() * this.cumulative[this.cumulative.length - 1];
    const i = this.cumulative.findIndex((c) => r < c);
    return this.governorates[i === -1 ? this.governorates.length - 1 : i];
  }

  private person(index: number, phone: string): Customer {
    const r = this.random;
    const arabic = r.chance(0.1);
    const latinFirst = r.pick(FIRST);
    const latinLast = r.pick(LAST);
    const governorate = this.governorate();
    const region = REGIONS[governorate];
    const pinned = r.chance(0.35);
    return {
      firstName: arabic ? r.pick(FIRST_AR) : latinFirst,
      lastName: arabic ? r.pick(LAST_AR) : latinLast,
      phone,
      email: r.chance(0.6) ? `${latinFirst}.${latinLast}${index}@${r.pick(MAIL_DOMAINS)}`.toLowerCase() : null,
      addressLine: `${r.int(1, 180)} ${r.pick(STREETS)} St.`,
      building: String(r.int(1, 60)),
      apartment: String(r.int(1, 40)),
      city: r.pick(region.cities),
      governorate,
      pin: pinned ? { latitude: region.center[0] + (r.next() - 0.5) / 10, longitude: region.center[1] + (r.next() - 0.5) / 10 } : null,
    };
  }
}

/** The checkout body the storefront sends for this customer (raw: the domain validates and normalises it). */
export function checkoutForm(c: Customer, paymentMethod: PaymentMethod, random: Random): CheckoutForm {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    phone: typedPhone(c.phone, random),
    email: c.email,
    addressLine: c.addressLine,
    building: c.building,
    apartment: c.apartment,
    city: c.city,
    governorate: c.governorate,
    ...(c.pin ?? {}),
    paymentMethod,
    notes: random.chance(0.1) ? random.pick(NOTES) : '',
  };
}
