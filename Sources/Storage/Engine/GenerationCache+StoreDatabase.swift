public import Concurrency

extension GenerationCache {
    /// An empty cache over `database`: the value is kept until `database.changeGeneration()`
    /// moves.
    public convenience init(database: any StoreDatabase) {
        self.init(following: database)
    }
}
