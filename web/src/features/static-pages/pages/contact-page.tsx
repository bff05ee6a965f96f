import { Ltr } from '../../../lib/ltr';
import { SHOP } from '../../../lib/shop-info';
import { StaticPage } from '../components/static-page';

export function ContactPage() {
  const email = (
    <a href={`mailto:${SHOP.email}`} className="font-medium underline">
      <Ltr>{SHOP.email}</Ltr>
    </a>
  );
  const phone = (
    <a href={`tel:${SHOP.phone.replace(/\s/g, '')}`} className="font-medium underline">
      <Ltr>{SHOP.phone}</Ltr>
    </a>
  );
  return (
    <StaticPage
      en={{
        title: 'Contact Us',
        intro: 'Questions about an order, a custom print or a bulk request? We are happy to help.',
        sections: [
          { heading: 'E-mail', body: <p>{email}</p> },
          { heading: 'Phone', body: <p>{phone}</p> },
          { heading: 'Hours', body: <p>{SHOP.hours}</p> },
        ],
      }}
      ar={{
        title: 'تواصل معنا',
        intro: 'عندك سؤال عن طلب أو طباعة خاصة أو طلب بالجملة؟ يسعدنا مساعدتك.',
        sections: [
          { heading: 'البريد الإلكتروني', body: <p>{email}</p> },
          { heading: 'الهاتف', body: <p>{phone}</p> },
          { heading: 'مواعيد العمل', body: <p>يومياً <Ltr>12:00 PM - 9:00 PM</Ltr></p> },
        ],
      }}
    />
  );
}
