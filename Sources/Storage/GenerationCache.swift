import Foundation

/// A value derived from the database (the activity types decoded, whether there are users, the
/// workspace settings), kept until `Database.changeGeneration()` moves: the one way every cache
/// over the store decides it is current, so none of them queries the database per request.
///
/// Read-your-writes and the delay for other processes' commits are exactly those of
/// `changeGeneration()`. The generation is read *before* the value is loaded, so a write that
/// lands during a load leaves the value marked with the older generation and the next call
/// loads again; a slower load never replaces a value loaded at a later generation.
///
/// `@unchecked Sendable`: `held` is touched only while holding `lock` (an `NSLock`, which
/// ThreadSanitizer understands; see `ConnectionPool`). Loads run outside the lock.
public final class GenerationCache<Value: Sendable>: @unchecked Sendable {
    /// The database whose generation the value follows.
    public let database: Database
    @usableFromInline let lock = NSLock()
    @usableFromInline var held: (generation: UInt64, value: Value)?

    /// An empty cache over `database`.
    public init(database: Database) {
        self.database = database
    }

    /// The value held while the generation has not moved; otherwise `load`'s answer, which is
    /// given the value held before (nil at first) so it can keep it after a cheap check, for
    /// example of a revision number. Inlinable, so each caller gets it specialized for its
    /// `Value` (generic code across modules looked up type metadata on every call).
    @inlinable
    public func value(_ load: (Value?) throws -> Value) rethrows -> Value {
        let generation = database.changeGeneration()
        let previous = lock.withLock { held }
        if let previous, previous.generation == generation { return previous.value }
        let value = try load(previous?.value)
        lock.withLock {
            if (held?.generation ?? 0) <= generation { held = (generation, value) }
        }
        return value
    }
}
