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
        if [.cl, .cp, .ex, .is, .sy].contains(after) { return false }  // LB13
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
        let letter: Set<LineBreakClass> = [.al, .hl]
        let ideograph: Set<LineBreakClass> = [.id, .eb, .em]
        let affix: Set<LineBreakClass> = [.pr, .po]
        if letter.contains(before) && after == .nu || before == .nu && letter.contains(after) { return false }
        if before == .pr && ideograph.contains(after) || ideograph.contains(before) && after == .po {
            return false  // LB23a
        }
        if affix.contains(before) && letter.contains(after)
            || letter.contains(before) && affix.contains(after)
        {
            return false  // LB24
        }
        if after == .nu && (affix.contains(before) || [.op, .hy, .is, .sy, .nu].contains(before)) {
            return false  // LB25
        }
        if before == .nu && affix.contains(after) { return false }  // LB25
        if letter.contains(before) && letter.contains(after) { return false }  // LB28
        if before == .is && letter.contains(after) { return false }  // LB29
        if (letter.contains(before) || before == .nu) && after == .op { return false }  // LB30
        if before == .cp && (letter.contains(after) || after == .nu) { return false }  // LB30
        return true  // LB31
    }
}
