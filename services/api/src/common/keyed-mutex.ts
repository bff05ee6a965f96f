/**
 * Runs tasks one at a time per key, in arrival order. Commands on one cart from one API process
 * then queue instead of colliding on the expected revision and retrying in a storm; replicas
 * still race each other, and the expected-revision retry handles that.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
