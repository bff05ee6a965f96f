/** A warning said at most once a minute: a dependency that keeps failing must not flood the log. */
export function throttledWarning(say: (message: string) => void, everyMs = 60_000, now: () => number = Date.now): (message: string) => void {
  let last = -Infinity;
  return (message) => {
    const t = now();
    if (t - last < everyMs) return;
    last = t;
    say(message);
  };
}
