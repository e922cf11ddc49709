// The caches over the store (`GenerationCache`, `LastValuePerThread`, `PerThread`) and the lock
// box (`Locked`) live in `Concurrency`; Storage re-exports it so the modules above that name them
// through `import Storage` keep compiling.
// TODO(lead, after the snapshot/activity-catalog branch lands): import Concurrency in
// Registry/SnapshotCell.swift, Registry/CategoryCatalog.swift and
// Dashboard/Activities/ActivityTypeStore+Model.swift, then make this a plain `import`.
@_exported import Concurrency

/// A `Database`'s change generation is what every cache over it follows.
extension Database: GenerationSource {}

extension GenerationCache {
    /// An empty cache over `database`: the value is kept until `database.changeGeneration()`
    /// moves.
    public convenience init(database: Database) {
        self.init(following: database)
    }
}
