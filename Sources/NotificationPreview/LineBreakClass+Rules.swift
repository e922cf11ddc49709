/// A reduced UAX #14 (rules LB7–LB31) over grapheme clusters.
///
/// Hard breaks (LB4–LB6) are handled by the wrapper itself; LB8a, LB9, LB10, LB30a and LB30b are
/// satisfied by working on whole clusters. Number sequences (LB25) use the pairwise form.
extension LineBreakClass {
    /// Whether a break is allowed between `before` and `after`, where `lastNonSpace` is the last
    /// class before the break that is not a space (for the `X SP* × Y` rules).
    static func allowsBreak(
        between before: LineBreakClass,
        and after: LineBreakClass,
        lastNonSpace: LineBreakClass?
    ) -> Bool {
        if before.isHardBreak { return true }
        if after.isHardBreak || after == .sp || after == .zw { return false }  // LB6, LB7
        if before == .zw || (before == .sp && lastNonSpace == .zw) { return true }  // LB8
        if before == .wj || after == .wj || before == .gl { return false }  // LB11, LB12
        if after == .gl && before != .sp && before != .ba && before != .hy { return false }  // LB12a
        // LB13
        if after == .cl || after == .cp || after == .ex || after == .is || after == .sy { return false }
        if lastNonSpace == .op { return false }  // LB14
        if lastNonSpace == .qu && after == .op { return false }  // LB15
        if (lastNonSpace == .cl || lastNonSpace == .cp) && after == .ns { return false }  // LB16
        if lastNonSpace == .b2 && after == .b2 { return false }  // LB17
        if before == .sp { return true }  // LB18
        if before == .qu || after == .qu { return false }  // LB19
        if before == .cb || after == .cb { return true }  // LB20
        if after == .ba || after == .hy || after == .ns || before == .bb { return false }  // LB21
        if after == .in { return false }  // LB22
        return allowsBreakInsideWord(between: before, and: after)
    }

    /// Rules LB23–LB31: letters, numbers and their affixes stay together; anything else breaks.
    private static func allowsBreakInsideWord(between before: LineBreakClass, and after: LineBreakClass)
        -> Bool
    {
        let beforeLetter = before == .al || before == .hl
        let afterLetter = after == .al || after == .hl
        let beforeAffix = before == .pr || before == .po
        let afterAffix = after == .pr || after == .po
        if beforeLetter && after == .nu || before == .nu && afterLetter { return false }
        if before == .pr && after.isIdeographic || before.isIdeographic && after == .po {
            return false  // LB23a
        }
        if beforeAffix && afterLetter || beforeLetter && afterAffix { return false }  // LB24
        if after == .nu
            && (beforeAffix || before == .op || before == .hy || before == .is || before == .sy
                || before == .nu)
        {
            return false  // LB25
        }
        if before == .nu && afterAffix { return false }  // LB25
        if beforeLetter && afterLetter { return false }  // LB28
        if before == .is && afterLetter { return false }  // LB29
        if (beforeLetter || before == .nu) && after == .op { return false }  // LB30
        if before == .cp && (afterLetter || after == .nu) { return false }  // LB30
        return true  // LB31
    }

    /// Ideographs and emoji (ID, EB, EM), for LB23a.
    fileprivate var isIdeographic: Bool { self == .id || self == .eb || self == .em }
}
