import { StaticPage } from '../components/static-page';

export function PrivacyPolicyPage() {
  return (
    <StaticPage
      en={{
        title: 'Privacy Policy',
        sections: [
          { heading: 'What we collect', body: <p>Your name, phone number, delivery address and, if you give it, your e-mail: only what we need to deliver your order. Your cart is kept on our server under an anonymous cart id stored in your browser.</p> },
          { heading: 'How we use it', body: <p>To prepare, deliver and support your order, and to contact you about it. We never sell your data.</p> },
          { heading: 'Images you upload', body: <p>Images uploaded for custom posters are used only to print your order.</p> },
          { heading: 'Your choices', body: <p>Contact us at any time to see, correct or delete the information we hold about you.</p> },
        ],
      }}
      ar={{
        title: 'سياسة الخصوصية',
        sections: [
          { heading: 'ما نجمعه', body: <p>اسمك ورقم هاتفك وعنوان التوصيل وبريدك الإلكتروني إن أعطيته لنا: فقط ما نحتاجه لتوصيل طلبك.</p> },
          { heading: 'كيف نستخدمه', body: <p>لتجهيز طلبك وتوصيله ومتابعته والتواصل معك بشأنه. لا نبيع بياناتك أبداً.</p> },
          { heading: 'الصور التي ترفعها', body: <p>تُستخدم صور البوسترات الخاصة لطباعة طلبك فقط.</p> },
          { heading: 'اختياراتك', body: <p>تواصل معنا في أي وقت للاطلاع على بياناتك أو تصحيحها أو حذفها.</p> },
        ],
      }}
    />
  );
}
