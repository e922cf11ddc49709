/// The bounds every activity type is imported within, in both importers and on read-back, so a
/// hostile file can neither exhaust a worker's stack nor expand exponentially (issue 23).
///
/// Real `ActivityAttributes` types nest a handful of levels and hold tens of values; the caps
/// are far above that and far below what costs a request measurable time or memory.
public enum ActivityTypeLimits {
    /// The deepest nesting read: struct declarations, type expressions (`[[Int]?]`) and values
    /// (a struct inside a struct). Checked before each recursion, so no reader recurses deeper.
    public static let maximumDepth = 64
    /// The most values one type may expand to (every scalar, wrapper and struct counted each time
    /// it is used), counted from memoised sizes without expanding anything.
    public static let maximumSize = 10_000
}

/// The running count of one type's expanded values and the depth it reached, kept while the
/// importers resolve it; named types are resolved once and their measure reused (`Measure`).
struct ActivityTypeBudget {
    /// What one named type added when it was first resolved.
    struct Measure {
        /// Values it expands to.
        var size: Int
        /// Levels from the type itself to its deepest value (1 for a scalar).
        var height: Int
    }

    /// Values counted so far.
    private(set) var size = 0
    /// The deepest level reached so far.
    private(set) var deepest = 0

    /// Counts one value at `depth`; false when the size cap is passed.
    mutating func count(at depth: Int) -> Bool {
        size += 1
        deepest = max(deepest, depth)
        return size <= ActivityTypeLimits.maximumSize
    }

    /// Counts a named type resolved before, used again at `depth`; false when either cap is passed.
    mutating func reuse(_ measure: Measure, at depth: Int) -> Bool {
        size += measure.size
        deepest = max(deepest, depth + measure.height - 1)
        return size <= ActivityTypeLimits.maximumSize && deepest <= ActivityTypeLimits.maximumDepth
    }

    /// Where the budget stood when a named type began resolving at some depth.
    struct Mark {
        fileprivate let size: Int
        fileprivate let deepest: Int
        fileprivate let depth: Int
    }

    /// Starts measuring a named type about to be resolved at `depth`.
    mutating func begin(at depth: Int) -> Mark {
        defer { deepest = depth }
        return Mark(size: size, deepest: deepest, depth: depth)
    }

    /// Ends the measure `mark` began: what the named type added, to reuse where it is used again.
    mutating func end(_ mark: Mark) -> Measure {
        let measure = Measure(size: size - mark.size, height: deepest - mark.depth + 1)
        deepest = max(deepest, mark.deepest)
        return measure
    }
}
