import { StaticPage } from '../components/static-page';
import { useLocale } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/numbers';

export function TermsPage() {
  const locale = useLocale();
  const n = (x: number) => formatNumber(x, locale);
  return (
    <StaticPage
      en={{
        title: 'Terms & Conditions',
        intro: 'By ordering from Poster Shop you agree to these terms.',
        sections: [
          { heading: `${n(1)}. Orders`, body: <p>An order is confirmed once our team has contacted you to confirm it. We may decline an order we cannot fulfil.</p> },
          { heading: `${n(2)}. Prices and payment`, body: <p>Prices are in Egyptian pounds and include VAT. Shipping and any cash-on-delivery fee are shown at checkout. Payment is cash on delivery.</p> },
          { heading: `${n(3)}. Custom posters`, body: <p>You confirm you have the right to print any image you upload. We may refuse images that are unlawful or infringe others' rights.</p> },
          { heading: `${n(4)}. Shipping`, body: <p>Delivery times and costs follow our Shipping Policy.</p> },
          { heading: `${n(5)}. Cancellations and returns`, body: <p>Cancellations and exchanges follow our Return & Cancellation Policy.</p> },
          { heading: `${n(6)}. Intellectual property`, body: <p>Designs, photos and texts on this site belong to Poster Shop or their owners and may not be reused without permission.</p> },
          { heading: `${n(7)}. Changes to these terms`, body: <p>We may update these terms; the version published here at the time of your order applies.</p> },
        ],
      }}
      ar={{
        title: 'الشروط والأحكام',
        intro: 'بطلبك من بوستر شوب فإنك توافق على هذه الشروط.',
        sections: [
          { heading: `${n(1)}. الطلبات`, body: <p>يتأكد الطلب بعد تواصل فريقنا معك لتأكيده. يحق لنا رفض طلب لا يمكننا تنفيذه.</p> },
          { heading: `${n(2)}. الأسعار والدفع`, body: <p>الأسعار بالجنيه المصري وتشمل ضريبة القيمة المضافة. تظهر تكلفة الشحن ورسوم الدفع عند الاستلام عند إتمام الطلب.</p> },
          { heading: `${n(3)}. البوسترات الخاصة`, body: <p>تؤكد أن لك حق طباعة أي صورة ترفعها. يحق لنا رفض الصور المخالفة للقانون أو لحقوق الغير.</p> },
          { heading: `${n(4)}. الشحن`, body: <p>مواعيد وتكلفة التوصيل حسب سياسة الشحن.</p> },
          { heading: `${n(5)}. الإلغاء والإرجاع`, body: <p>يخضع الإلغاء والاستبدال لسياسة الإرجاع والإلغاء.</p> },
          { heading: `${n(6)}. الملكية الفكرية`, body: <p>التصميمات والصور والنصوص على الموقع ملك لبوستر شوب أو لأصحابها ولا يجوز إعادة استخدامها دون إذن.</p> },
          { heading: `${n(7)}. تعديل الشروط`, body: <p>قد نحدّث هذه الشروط، وتسري النسخة المنشورة وقت طلبك.</p> },
        ],
      }}
    />
  );
}
