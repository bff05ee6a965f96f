/**
 * In-process wake-up for subscriptions: a local append rings it so a subscriber in the same
 * process polls at once instead of waiting out its back-off. Other processes rely on polling
 * (NOTIFY stays off the append path: it takes a global lock at commit).
 */
export class WakeSignal {
  private waiters = new Set<(rung: boolean) => void>();

  ring(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake(true);
  }

  /** Resolves after ms (false), or earlier when rung (true); cancel() wakes it too (for close()). */
  sleep(ms: number): { done: Promise<boolean>; cancel: () => void } {
    let wake!: (rung: boolean) => void;
    const done = new Promise<boolean>((resolve) => {
      const finish = (rung: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(finish);
        resolve(rung);
      };
      const timer = setTimeout(() => finish(false), ms);
      wake = finish;
      this.waiters.add(finish);
    });
    return { done, cancel: () => wake(true) };
  }
}
