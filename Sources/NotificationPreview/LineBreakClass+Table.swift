/// The break rules (`allowsBreak(between:and:lastNonSpace:)`) as a table computed once from
/// them, because the wrapper asks once per cluster of every field. The last non-space class
/// matters only as ZW, OP, QU, CL or CP (alike), B2, or anything else, so the table has six
/// columns of context instead of one per class.
extension LineBreakClass {
    /// Number of classes (raw values 0 through `h3`).
    private static let classCount = Int(LineBreakClass.h3.rawValue) + 1

    /// One class for each context column, in column order: anything else (or none), ZW, OP, QU,
    /// CL (standing for CP too), B2.
    private static let contexts: [LineBreakClass?] = [nil, .zw, .op, .qu, .cl, .b2]

    /// The context column of a last non-space class.
    fileprivate static func contextColumn(_ lastNonSpace: LineBreakClass?) -> Int {
        switch lastNonSpace {
        case .zw?: 1
        case .op?: 2
        case .qu?: 3
        case .cl?, .cp?: 4
        case .b2?: 5
        default: 0
        }
    }

    /// Whether a break is allowed, by (before, after, context column).
    private static let breaks: [Bool] = (0..<classCount).flatMap { before in
        (0..<classCount).flatMap { after in
            contexts.map { context in
                allowsBreak(
                    between: LineBreakClass(rawValue: UInt8(before)) ?? .al,
                    and: LineBreakClass(rawValue: UInt8(after)) ?? .al, lastNonSpace: context)
            }
        }
    }

    /// The same answer as `allowsBreak(between:and:lastNonSpace:)`, looked up.
    static func tabledBreak(
        between before: LineBreakClass, and after: LineBreakClass, lastNonSpace: LineBreakClass?
    ) -> Bool {
        breakTable.allowsBreak(between: before, and: after, lastNonSpace: lastNonSpace)
    }

    /// The table as a value: a caller that asks once per cluster keeps it, so each lookup is
    /// index arithmetic, not a check that the global tables were made.
    static var breakTable: BreakTable {
        BreakTable(breaks: breaks, classCount: classCount, contextCount: contexts.count)
    }

    /// The break table with its dimensions (`LineBreakClass.breakTable`).
    struct BreakTable {
        /// Whether a break is allowed, by (before, after, context column).
        let breaks: [Bool]
        /// Number of classes.
        let classCount: Int
        /// Number of context columns.
        let contextCount: Int

        /// The same answer as `allowsBreak(between:and:lastNonSpace:)`, looked up.
        func allowsBreak(
            between before: LineBreakClass, and after: LineBreakClass, lastNonSpace: LineBreakClass?
        ) -> Bool {
            // Wrapping arithmetic: the operands are below 40, so nothing can overflow, and the
            // checks cost as much as the lookup once per cluster.
            breaks[
                (Int(before.rawValue) &* classCount &+ Int(after.rawValue)) &* contextCount
                    &+ LineBreakClass.contextColumn(lastNonSpace)]
        }
    }
}
