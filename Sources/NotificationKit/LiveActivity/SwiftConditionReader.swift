/// Reads and evaluates one `#if` condition (`os(iOS) && !DEBUG`, `canImport(ActivityKit)`,
/// `swift(>=5.9)`) for an iOS app build, as `SwiftConditionalCompilation` describes; names it
/// cannot decide are looked up in `assumptions` (false when absent) and listed in `undecided`.
struct SwiftConditionReader {
    /// The condition cannot be read.
    struct Fault: Error {}

    /// The Swift version an app for iOS 26 is built with (Xcode 26).
    static let swiftVersion = [6, 2]

    let tokens: [SwiftToken]
    let assumptions: [String: Bool]
    private var index = 0
    /// The conditions that could not be decided, as written.
    private(set) var undecided: [String] = []

    init(tokens: [SwiftToken], assumptions: [String: Bool]) {
        self.tokens = tokens
        self.assumptions = assumptions
    }

    /// True when the whole condition has been read.
    var isAtEnd: Bool { index >= tokens.count }

    private var peek: SwiftToken? { index < tokens.count ? tokens[index] : nil }

    private func peekPair(_ text: String) -> Bool {
        index + 1 < tokens.count && tokens[index].is(text) && tokens[index + 1].is(text)
    }

    /// `a || b`, `a && b` (`&&` binds tighter), `!a`, `(a)`, and the platform tests.
    mutating func expression() throws(Fault) -> Bool {
        var value = try conjunction()
        while peekPair("|") {
            index += 2
            let right = try conjunction()
            value = value || right
        }
        return value
    }

    private mutating func conjunction() throws(Fault) -> Bool {
        var value = try unary()
        while peekPair("&") {
            index += 2
            let right = try unary()
            value = value && right
        }
        return value
    }

    private mutating func unary() throws(Fault) -> Bool {
        guard let token = peek else { throw Fault() }
        if token.is("!") {
            index += 1
            return !(try unary())
        }
        if token.is("(") {
            index += 1
            let value = try expression()
            guard peek?.is(")") == true else { throw Fault() }
            index += 1
            return value
        }
        guard token.kind == .identifier else { throw Fault() }
        index += 1
        guard peek?.is("(") == true else { return flag(token.text) }
        index += 1
        var argument: [SwiftToken] = []
        var depth = 1
        while let next = peek {
            index += 1
            if next.is("(") { depth += 1 }
            if next.is(")") {
                depth -= 1
                if depth == 0 { break }
            }
            argument.append(next)
        }
        guard depth == 0 else { throw Fault() }
        return test(token.text, argument)
    }

    /// A compilation flag: `DEBUG` is off in the build that runs on users' phones.
    private mutating func flag(_ name: String) -> Bool {
        switch name {
        case "true": true
        case "false", "DEBUG": false
        default: undecidable(name)
        }
    }

    /// `os(…)`, `canImport(…)`, `targetEnvironment(…)`, `arch(…)`, `swift(>=…)`…
    private mutating func test(_ name: String, _ argument: [SwiftToken]) -> Bool {
        let first = argument.first?.text ?? ""
        switch name {
        case "os": return first == "iOS"
        case "arch": return first == "arm64"
        case "targetEnvironment": return false
        case "_runtime": return first == "_ObjC"
        case "_endian": return first == "little"
        case "_pointerBitWidth": return first == "_64"
        case "canImport":
            if SwiftConditionalCompilation.iOSFrameworks.contains(first) { return true }
            if SwiftConditionalCompilation.otherPlatformFrameworks.contains(first) { return false }
            return undecidable("canImport(\(first))")
        case "swift", "compiler":
            let comparison = argument.prefix { $0.kind == .punctuation }.map(\.text).joined()
            let version = argument.drop { $0.kind == .punctuation }.map(\.text).joined()
            let parts = version.split(separator: ".").compactMap { Int($0) }
            let order = Self.compare(Self.swiftVersion, parts)
            switch comparison {
            case ">=": return order >= 0
            case "<": return order < 0
            default: return undecidable("\(name)(\(comparison)\(version))")
            }
        default:
            let written = argument.map(\.text).joined()
            return undecidable("\(name)(\(written))")
        }
    }

    /// -1, 0 or 1 as `left` is older than, the same as or newer than `right`.
    private static func compare(_ left: [Int], _ right: [Int]) -> Int {
        for position in 0..<max(left.count, right.count) {
            let (a, b) = (
                position < left.count ? left[position] : 0, position < right.count ? right[position] : 0
            )
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    private mutating func undecidable(_ condition: String) -> Bool {
        if !undecided.contains(condition) { undecided.append(condition) }
        return assumptions[condition] ?? false
    }
}
