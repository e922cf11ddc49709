/// A place in a text read one Unicode scalar at a time, with the 1-based line and column the
/// readers of `.strings` and `.stringsdict` files put in their problems.
struct TextCursor {
    private let scalars: [Unicode.Scalar]
    private var offset = 0
    /// 1-based line of the current scalar.
    private(set) var line = 1
    /// 1-based column of the current scalar, in scalars.
    private(set) var column = 1

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// True after the last scalar.
    var atEnd: Bool { offset >= scalars.count }

    /// The current scalar, nil at the end.
    var current: Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

    /// The scalar `distance` after the current one, nil past the end.
    func peek(_ distance: Int) -> Unicode.Scalar? {
        offset + distance < scalars.count ? scalars[offset + distance] : nil
    }

    /// The scalar just before the current one.
    var previous: Unicode.Scalar? { offset > 0 ? scalars[offset - 1] : nil }

    /// True when the text at the cursor starts with `text`.
    func starts(with text: String) -> Bool {
        var index = offset
        for scalar in text.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    /// Moves past `count` scalars, counting lines.
    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where offset < scalars.count {
            if scalars[offset] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            offset += 1
        }
    }
}
