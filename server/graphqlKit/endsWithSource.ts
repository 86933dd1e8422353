/**
 * A subscription's async generator, ended together with the pubsub feed it reads. A generator
 * waiting inside `await feed.next()` cannot run its `finally` when the client unsubscribes: its
 * return() is queued until the next event, so a quiet topic kept one listener per closed
 * subscription (Node warned MaxListenersExceeded). Ending the feed first answers the waiting
 * next() with done, the generator finishes, and the listener goes at once.
 */
export function endsWithSource<T>(feed: AsyncIterator<unknown>, generator: AsyncGenerator<T>): AsyncGenerator<T> {
  const endFeed = async () => {
    await feed.return?.();
  };
  const wrapped: AsyncGenerator<T> = {
    next: (...args) => generator.next(...args),
    async return(value) {
      await endFeed();
      return generator.return(value);
    },
    async throw(error) {
      await endFeed();
      return generator.throw(error);
    },
    [Symbol.asyncIterator]: () => wrapped,
  };
  return wrapped;
}
