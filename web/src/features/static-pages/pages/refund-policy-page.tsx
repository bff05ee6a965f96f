import { StaticPage } from '../components/static-page';
import { Num } from '../../../lib/ltr';

export function RefundPolicyPage() {
  return (
    <StaticPage
      en={{
        title: 'Return & Cancellation Policy',
        sections: [
          { heading: 'Cancellation', body: <p>You can cancel your order by contacting us at any time until our team has confirmed the order. Once confirmed, the order goes to print and can no longer be cancelled.</p> },
          { heading: 'Exchanges', body: <p>Because every poster is printed to order, exchanges are accepted only for defective or damaged items. Contact us within <Num n={48} /> hours of delivery with a photo of the item.</p> },
          { heading: 'Damaged or lost in transit', body: <p>Items damaged or lost in transit are our responsibility: we reprint and reship them at no cost to you.</p> },
        ],
      }}
      ar={{
        title: 'سياسة الإرجاع والإلغاء',
        sections: [
          { heading: 'الإلغاء', body: <p>يمكنك إلغاء طلبك بالتواصل معنا في أي وقت حتى يؤكد فريقنا الطلب. بعد التأكيد يدخل الطلب الطباعة ولا يمكن إلغاؤه.</p> },
          { heading: 'الاستبدال', body: <p>لأن كل بوستر يُطبع حسب الطلب، نقبل الاستبدال فقط للمنتجات المعيبة أو التالفة. تواصل معنا خلال <Num n={48} /> ساعة من الاستلام مع صورة للمنتج.</p> },
          { heading: 'التلف أو الفقد أثناء الشحن', body: <p>المنتجات التي تتلف أو تُفقد أثناء الشحن مسؤوليتنا: نعيد طباعتها وشحنها دون أي تكلفة عليك.</p> },
        ],
      }}
    />
  );
}
