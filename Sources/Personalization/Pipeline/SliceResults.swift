import Concurrency

/// The output of each worker's slice of a batch, stored by the worker and taken in order by
/// the writer; one lock (docs/concurrency.md), taken once per slice.
final class SliceResults: Sendable {
    private let slots: Locked<[(bytes: [UInt8], invalid: Int)]>

    init(count: Int) {
        slots = Locked(Array(repeating: ([], 0), count: count))
    }

    func store(_ slice: Int, bytes: [UInt8], invalid: Int) {
        slots.withLock { $0[slice] = (bytes, invalid) }
    }

    func take(_ slice: Int) -> (bytes: [UInt8], invalid: Int) {
        slots.withLock { slots in
            let taken = slots[slice]
            slots[slice] = ([], 0)
            return taken
        }
    }
}
