/// The scripts a text variable may be written in: those the preview has widths for. A value
/// may hold the letters (and combining marks) of its scripts and the common characters every
/// script uses: printable ASCII, the Latin-1 signs and the typographic quotes and dashes.
public enum TextScript: String, Sendable, Hashable, CaseIterable {
    case latin, greek, cyrillic, hebrew, arabic, devanagari, thai, emoji

    /// The script's own ranges of scalars.
    public var ranges: [ClosedRange<UInt32>] {
        switch self {
        case .latin:
            [
                0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x300...0x36F,
                0x1E00...0x1EFF,
            ]
        case .greek: [0x370...0x3FF, 0x1F00...0x1FFF]
        case .cyrillic: [0x400...0x52F]
        case .hebrew: [0x591...0x5F4]
        case .arabic: [0x600...0x6FF, 0x750...0x77F]
        case .devanagari: [0x900...0x97F]
        case .thai: [0xE01...0xE5B]
        case .emoji:
            [0x1F300...0x1F5FF, 0x1F600...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x2600...0x27BF]
        }
    }

    /// What every script may hold besides its letters (never control characters, U+2028 or
    /// U+2029, which a push has no use for in a variable's value).
    public static let common: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0xBF, 0xD7...0xD7, 0xF7...0xF7, 0x2010...0x2027,
    ]

    /// Whether `scalar` may appear in a value written in `scripts`.
    public static func allows(_ scalar: Unicode.Scalar, in scripts: [TextScript]) -> Bool {
        let value = scalar.value
        if common.contains(where: { $0.contains(value) }) { return true }
        if value == 0x200D || value == 0xFE0F { return scripts.contains(.emoji) }
        return scripts.contains { $0.ranges.contains { $0.contains(value) } }
    }

    /// Every scalar a value written in `scripts` may hold, in order.
    public static func allowed(in scripts: [TextScript]) -> [Unicode.Scalar] {
        let ranges = common + scripts.flatMap(\.ranges)
        return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }.filter {
            $0.properties.generalCategory != .unassigned
        }
    }
}
