/// One value of a `JSONDocument` as the parser records it: a plain value with no references,
/// so a whole document is one contiguous buffer and costs no allocation, retain or release
/// per value.
///
/// Nodes are stored in document order (a container before its children, an object's key node
/// before its value), and a container records how many nodes its subtree holds, so a walk
/// steps over a child's whole subtree in one addition.
struct JSONFlatNode: Sendable {
    /// What the node holds; `key` is an object member's name, stored just before its value.
    enum Kind: UInt8, Sendable {
        case null, bool, number, string, key, array, object
    }

    let kind: Kind
    /// A boolean's value; for strings and keys, true when the text between the quotes is not
    /// the value's exact UTF-8 (escapes, control characters or invalid UTF-8 to decode).
    let flag: Bool
    /// The span's start (a string's opening quote).
    let start: Int
    /// The span's end, set when a container closes.
    var end: Int
    let line: Int
    let column: Int
    /// A container's children (members for an object).
    var count = 0
    /// A container's descendants, key nodes included: its subtree is `self ... self + extent`.
    var extent = 0

    init(kind: Kind, flag: Bool = false, start: Int, end: Int, line: Int, column: Int, count: Int = 0) {
        self.kind = kind
        self.flag = flag
        self.start = start
        self.end = end
        self.line = line
        self.column = column
        self.count = count
    }

    /// Where the node sits in the source text.
    var span: JSONSpan {
        JSONSpan(start: start, end: end, line: line, column: column)
    }
}
