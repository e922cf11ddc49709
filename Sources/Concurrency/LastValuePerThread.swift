/// The value each thread last answered, with the database generation it was current at: the
/// first level of every cache over the store (`GenerationCache`, the category registry's
/// snapshot), so while the generation stands a request finds its answer without a lock.
///
/// Each thread reads and writes only its own entry (`PerThread`); where the process has no
/// thread key to spare, nothing is kept and every call goes to the shared level.
///
/// Lives beside `PerThread`, `GenerationCache` and `Locked` (the `Concurrency` module,
/// `docs/concurrency.md`).
public struct LastValuePerThread<Value: Sendable>: Sendable {
    /// One thread's entry. `@unchecked Sendable`: only the thread it was made for reads or
    /// writes `entry` (`PerThread.local()` answers it to that thread alone, and `held.all` is
    /// never read), so no two threads ever touch it.
    @usableFromInline
    final class Held: @unchecked Sendable {
        @usableFromInline var entry: (generation: UInt64, value: Value)?

        @usableFromInline init() {}
    }

    @usableFromInline let held = PerThread { Held() }

    /// No thread holds a value yet.
    public init() {}

    /// The calling thread's value, if it was current at `generation`.
    @inlinable
    public func value(at generation: UInt64) -> Value? {
        guard let entry = held.local()?.entry, entry.generation == generation else { return nil }
        return entry.value
    }

    /// Keeps `value` as the calling thread's, current at `generation`.
    @inlinable
    public func keep(_ value: Value, at generation: UInt64) {
        held.local()?.entry = (generation, value)
    }
}
