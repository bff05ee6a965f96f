import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

// The "animated poster background": abstract poster frames drifting behind the headline, in
// CSS only (no image requests before the content loads; reduced-motion users get them still).
const frames = [
  { c: 'from-amber-300 to-orange-500', pos: 'start-[4%] top-[12%] h-40 w-28', r: '-8deg', d: '0s' },
  { c: 'from-sky-300 to-indigo-500', pos: 'start-[20%] bottom-[6%] h-32 w-24', r: '6deg', d: '1.2s' },
  { c: 'from-rose-300 to-fuchsia-600', pos: 'end-[6%] top-[8%] h-48 w-32', r: '7deg', d: '0.6s' },
  { c: 'from-emerald-300 to-teal-600', pos: 'end-[22%] bottom-[8%] h-36 w-28', r: '-5deg', d: '1.8s' },
  { c: 'from-stone-200 to-stone-500', pos: 'start-[42%] top-[4%] h-24 w-20', r: '3deg', d: '2.4s' },
];

export function Hero() {
  const t = useT();
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white">
      <div aria-hidden className="absolute inset-0 -z-10 opacity-60">
        {frames.map((f, i) => (
          <div
            key={i}
            className={`animate-drift absolute hidden rounded-md border-[6px] border-white bg-gradient-to-br shadow-2xl sm:block ${f.c} ${f.pos}`}
            style={{ ['--r' as string]: f.r, animationDelay: f.d, transform: `rotate(${f.r})` }}
          />
        ))}
        <div className="absolute inset-0 bg-gradient-to-b from-ink/40 via-ink/70 to-ink" />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <h1 className="font-display text-5xl font-bold leading-tight tracking-tight sm:text-7xl">{t('home.hero')}</h1>
        <p className="mt-5 max-w-xl text-lg text-stone-300">{t('home.heroSub')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/shop" className="rounded-full bg-brand-500 px-7 py-3 font-semibold text-stone-950 shadow-lg hover:bg-brand-400">
            {t('home.shopNow')}
          </Link>
          <Link to="/custom" className="rounded-full border border-white/60 px-7 py-3 font-semibold hover:bg-white/10">
            {t('home.makeYourOwn')}
          </Link>
        </div>
      </div>
    </section>
  );
}
