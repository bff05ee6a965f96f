interface ProgressBarProps {
  value: number;
  label: string;
}

/** Job progress (0-100) for exports and projection rebuilds. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-2 w-full overflow-hidden rounded bg-gray-200"
      >
        <div className="h-full bg-indigo-600 transition-all" style={{ width: `${clamped}%` }} />
      </div>
      <span className="w-10 text-right text-xs tabular-nums text-gray-600">{clamped}%</span>
    </div>
  );
}
