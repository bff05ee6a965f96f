import { StaticPage } from '../components/static-page';

export function ShippingPolicyPage() {
  return (
    <StaticPage
      en={{
        title: 'Shipping Policy',
        sections: [
          { heading: 'Processing and delivery times', body: <p>Orders take 3-5 business days in Cairo and Giza and 3-7 business days in other governorates, counted after your order is confirmed.</p> },
          { heading: 'Shipping cost', body: <p>The shipping cost is computed at checkout from your location. Orders of LE 1,499.00 or more ship free.</p> },
          { heading: 'Order tracking', body: <p>An order tracking number is shown when you place your order. Keep it to follow up with us.</p> },
          { heading: 'Wrong address', body: <p>If the address given is wrong or incomplete, the customer pays the cost of reshipping.</p> },
        ],
      }}
      ar={{
        title: 'سياسة الشحن',
        sections: [
          { heading: 'مدة التجهيز والتوصيل', body: <p>تستغرق الطلبات من 3 إلى 5 أيام عمل في القاهرة والجيزة ومن 3 إلى 7 أيام عمل في باقي المحافظات، تُحسب بعد تأكيد الطلب.</p> },
          { heading: 'تكلفة الشحن', body: <p>تُحسب تكلفة الشحن عند إتمام الطلب حسب موقعك. الطلبات من LE 1,499.00 أو أكثر شحنها مجاني.</p> },
          { heading: 'تتبع الطلب', body: <p>يظهر رقم تتبع الطلب عند تسجيل طلبك. احتفظ به للمتابعة معنا.</p> },
          { heading: 'العنوان الخاطئ', body: <p>إذا كان العنوان خاطئاً أو ناقصاً يتحمل العميل تكلفة إعادة الشحن.</p> },
        ],
      }}
    />
  );
}
