import { StaticPage } from '../components/static-page';
import { Money, Num } from '../../../lib/ltr';
import { useGetPublicConfigQuery } from '../../catalog/catalog-api';
import { DEFAULT_FREE_SHIPPING_THRESHOLD } from '../../cart/components/free-shipping-bar';

export function ShippingPolicyPage() {
  // The threshold the checkout applies, in the page's money format: never a copy that can drift.
  const free = <Money amount={useGetPublicConfigQuery().data?.freeShippingThreshold ?? DEFAULT_FREE_SHIPPING_THRESHOLD} />;
  return (
    <StaticPage
      en={{
        title: 'Shipping Policy',
        sections: [
          { heading: 'Processing and delivery times', body: <p>Orders take <Num n={3} />-<Num n={5} /> business days in Cairo and Giza and <Num n={3} />-<Num n={7} /> business days in other governorates, counted after your order is confirmed.</p> },
          { heading: 'Shipping cost', body: <p>The shipping cost is computed at checkout from your location. Orders of {free} or more ship free.</p> },
          { heading: 'Order tracking', body: <p>An order tracking number is shown when you place your order. Keep it to follow up with us.</p> },
          { heading: 'Wrong address', body: <p>If the address given is wrong or incomplete, the customer pays the cost of reshipping.</p> },
        ],
      }}
      ar={{
        title: 'سياسة الشحن',
        sections: [
          { heading: 'مدة التجهيز والتوصيل', body: <p>تستغرق الطلبات من <Num n={3} /> إلى <Num n={5} /> أيام عمل في القاهرة والجيزة ومن <Num n={3} /> إلى <Num n={7} /> أيام عمل في باقي المحافظات، تُحسب بعد تأكيد الطلب.</p> },
          { heading: 'تكلفة الشحن', body: <p>تُحسب تكلفة الشحن عند إتمام الطلب حسب موقعك. الطلبات من {free} أو أكثر شحنها مجاني.</p> },
          { heading: 'تتبع الطلب', body: <p>يظهر رقم تتبع الطلب عند تسجيل طلبك. احتفظ به للمتابعة معنا.</p> },
          { heading: 'العنوان الخاطئ', body: <p>إذا كان العنوان خاطئاً أو ناقصاً يتحمل العميل تكلفة إعادة الشحن.</p> },
        ],
      }}
    />
  );
}
