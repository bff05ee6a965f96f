import { useLocale } from '../../../lib/i18n';
import { Ltr } from '../../../lib/ltr';
import { localPhone } from '../../../lib/numbers';
import { SHOP } from '../../../lib/shop-info';
import { StaticPage } from '../components/static-page';

export function ContactPage() {
  const locale = useLocale();
  const email = (
    <a href={`mailto:${SHOP.email}`} className="font-medium underline">
      <Ltr lang="en">{SHOP.email}</Ltr>
    </a>
  );
  const phone = (
    <a href={`tel:${SHOP.phone.replace(/\s/g, '')}`} className="font-medium underline">
      <Ltr>{localPhone(SHOP.phone, locale)}</Ltr>
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
          { heading: 'مواعيد العمل', body: <p>يومياً من ١٢ ظهراً إلى ٩ مساءً</p> },
        ],
      }}
    />
  );
}
