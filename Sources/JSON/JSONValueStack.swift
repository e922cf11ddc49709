/// A growable stack that hands out its top elements as an exact-size array by moving them,
/// without copying (no retain/release per element) and without growing the result.
///
/// The parser keeps the finished values of every open container on one of these; closing a
/// container moves its values into the node's array. The owner must call `deallocate()`.
struct JSONValueStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Number of elements on the stack.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    /// The element at `position` (below `count`).
    subscript(position: Int) -> Element {
        storage[position]
    }

    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` to the top into a new array and drops them.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        var result: [Element] = []
        result.reserveCapacity(moved)
        for position in start..<count {
            result.append((storage + position).move())
        }
        count = start
        return result
    }

    /// Destroys what is left and frees the storage.
    mutating func deallocate() {
        storage.deinitialize(count: count)
        storage.deallocate()
        count = 0
        capacity = 0
    }
}
