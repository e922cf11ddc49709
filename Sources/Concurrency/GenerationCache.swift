/// What a `GenerationCache` follows: a number that moves whenever the data behind the cached
/// values may have changed (Storage's `Database.changeGeneration()`).
public protocol GenerationSource: Sendable {
    /// The generation now; a larger number than any answered before once something changed.
    func changeGeneration() -> UInt64
}

/// A value derived from the database (the activity types decoded, whether there are users, the
/// workspace settings), kept until `Database.changeGeneration()` moves: the one way every cache
/// over the store decides it is current, so none of them queries the database per request.
///
/// Read-your-writes and the delay for other processes' commits are exactly those of
/// `changeGeneration()`. The generation is read *before* the value is loaded, so a write that
/// lands during a load leaves the value marked with the older generation and the next call
/// loads again; a slower load never replaces a value loaded at a later generation.
///
/// Two levels, so a request takes no lock another thread also wants: each thread keeps the pair
/// it last used (`LastValuePerThread`) and answers from it while the generation stands; only
/// when the generation moved does it look at the pair shared by all threads (`held`), and
/// load only when that is stale too, so one thread's load serves the others.
///
/// The shared pair is behind a `Locked`; loads run outside the lock. Generic over where the
/// generation comes from (`GenerationSource`), so it lives with the other caches in
/// `Concurrency`; Storage's `GenerationCache(database:)` builds one over a `Database`.
public final class GenerationCache<Value: Sendable>: Sendable {
    /// One generation and the value current at it.
    public typealias Entry = (generation: UInt64, value: Value)

    /// Where the generation the value follows comes from.
    public let source: any GenerationSource
    @usableFromInline let held = Locked<Entry?>(nil)
    @usableFromInline let local = LastValuePerThread<Value>()

    /// An empty cache following `source`'s generation.
    public init(following source: any GenerationSource) {
        self.source = source
    }

    /// The value held while the generation has not moved; otherwise `load`'s answer, which is
    /// given the value held before (nil at first) so it can keep it after a cheap check, for
    /// example of a revision number. Inlinable, so each caller gets it specialized for its
    /// `Value` (generic code across modules looked up type metadata on every call).
    @inlinable
    public func value(_ load: (Value?) throws -> Value) rethrows -> Value {
        let generation = source.changeGeneration()
        if let value = local.value(at: generation) { return value }
        let previous = held.withLock { $0 }
        if let previous, previous.generation == generation {
            local.keep(previous.value, at: generation)
            return previous.value
        }
        let value = try load(previous?.value)
        held.withLock { held in
            if (held?.generation ?? 0) <= generation { held = (generation, value) }
        }
        local.keep(value, at: generation)
        return value
    }
}
