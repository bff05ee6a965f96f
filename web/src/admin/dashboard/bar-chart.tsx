interface BarChartProps {
  title: string;
  data: { label: string; value: number }[];
  formatValue: (value: number) => string;
  /** Show every n-th label under the bars so 30 days stay readable. */
  labelEvery?: number;
  color?: string;
}

const WIDTH = 600;
const HEIGHT = 180;
const BOTTOM = 20;

/** A small hand-rolled SVG bar chart: no chart library in the admin bundle. */
export function BarChart({ title, data, formatValue, labelEvery = 1, color = '#4f46e5' }: BarChartProps) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const slot = WIDTH / Math.max(1, data.length);
  const bar = Math.max(2, slot * 0.7);
  return (
    <figure className="w-full">
      <figcaption className="mb-2 text-sm font-semibold text-gray-700">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} className="h-44 w-full">
        <line x1={0} y1={HEIGHT - BOTTOM} x2={WIDTH} y2={HEIGHT - BOTTOM} stroke="#e5e7eb" />
        {data.map((d, i) => {
          const h = ((HEIGHT - BOTTOM - 8) * d.value) / max;
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={d.label}>
              <rect x={x} y={HEIGHT - BOTTOM - h} width={bar} height={h} fill={color} rx={1.5}>
                <title>{`${d.label}: ${formatValue(d.value)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={i === 0 ? x : x + bar / 2} y={HEIGHT - 6} fontSize={10} textAnchor={i === 0 ? 'start' : 'middle'} fill="#6b7280">
                  {d.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

interface HorizontalBarsProps {
  title: string;
  data: { label: string; value: number }[];
  empty: string;
}

/** Ranked horizontal bars (orders by governorate). */
export function HorizontalBars({ title, data, empty }: HorizontalBarsProps) {
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-semibold text-gray-700">{title}</figcaption>
      {data.length === 0 ? (
        <p className="text-sm text-gray-500">{empty}</p>
      ) : (
        <ul className="space-y-1.5" aria-label={title}>
          {data.map((d) => (
            <li key={d.label} className="grid grid-cols-[7rem_1fr_2.5rem] items-center gap-2 text-xs">
              <span className="truncate text-gray-700">{d.label}</span>
              <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-3 w-full" aria-hidden="true">
                <rect width={(100 * d.value) / max} height={8} rx={1} fill="#0d9488" />
              </svg>
              <span className="text-right tabular-nums text-gray-600">{d.value}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
