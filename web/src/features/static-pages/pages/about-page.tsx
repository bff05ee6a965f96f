import { StaticPage } from '../components/static-page';

export function AboutPage() {
  return (
    <StaticPage
      en={{
        title: 'About Us',
        intro: 'Poster Shop started with one blank wall in a Cairo apartment and a belief that the things we love deserve to be seen every day.',
        sections: [
          {
            heading: 'Our story',
            body: (
              <p>
                What began as printing posters for friends grew into a small studio that designs, prints and ships art to every governorate in Egypt. Football legends,
                classic cars, anime heroes, quiet landscapes or your own photo: we print it with the same care.
              </p>
            ),
          },
          {
            heading: 'Our values',
            body: (
              <ul className="list-disc space-y-1 ps-5">
                <li>Quality first: thick matte paper and fade-resistant inks.</li>
                <li>Honest prices in Egyptian pounds, with cash on delivery.</li>
                <li>Real people answering every message, every day.</li>
              </ul>
            ),
          },
          {
            heading: 'Our team',
            body: <p>A small team of designers, printers and packers who check every poster by hand before it leaves the studio.</p>,
          },
        ],
      }}
      ar={{
        title: 'من نحن',
        intro: 'بدأ بوستر شوب بحائط فارغ في شقة بالقاهرة وإيمان بأن ما نحبه يستحق أن نراه كل يوم.',
        sections: [
          { heading: 'حكايتنا', body: <p>بدأنا بطباعة بوسترات للأصدقاء، ثم أصبحنا استوديو صغيراً يصمم ويطبع ويشحن الفن لكل محافظات مصر.</p> },
          {
            heading: 'قيمنا',
            body: (
              <ul className="list-disc space-y-1 ps-5">
                <li>الجودة أولاً: ورق مطفي سميك وأحبار تقاوم البهتان.</li>
                <li>أسعار واضحة بالجنيه المصري مع الدفع عند الاستلام.</li>
                <li>أشخاص حقيقيون يردون على كل رسالة يومياً.</li>
              </ul>
            ),
          },
          { heading: 'فريقنا', body: <p>فريق صغير من المصممين والطباعين يراجع كل بوستر بيده قبل خروجه من الاستوديو.</p> },
        ],
      }}
    />
  );
}
