/// Evaluates `#if` / `#elseif` / `#else` / `#endif` as the compiler does for the app on an
/// iPhone: an iOS app target built for release on a device (`os(iOS)`, `canImport` of the iOS
/// SDK's frameworks and `arch(arm64)` true; `DEBUG`, `targetEnvironment(simulator)` and
/// `targetEnvironment(macCatalyst)` false; Swift 6.2). It keeps the tokens of the active
/// branches, drops `#warning` and `#sourceLocation`, and fails on an active `#error`.
///
/// A condition it cannot decide (a custom flag, `canImport` of a third-party module,
/// `hasFeature`) is taken as `assumptions` says (false when not said) and reported in
/// `undecided`, so the importer can try it both ways and refuse the file only when the answer
/// changes a decoded type.
struct SwiftConditionalCompilation {
    /// The frameworks of the iOS SDK that real activity files test for with `canImport`.
    static let iOSFrameworks: Set<String> = [
        "ActivityKit", "AppIntents", "AVFoundation", "AVKit", "Charts", "Combine", "CoreData", "CoreGraphics",
        "CoreLocation", "CoreMotion", "Darwin", "Foundation", "HealthKit", "MapKit", "Observation",
        "SwiftData", "SwiftUI", "UIKit", "UserNotifications", "WeatherKit", "WidgetKit", "OSLog", "os",
        "CarPlay", "StoreKit", "CoreBluetooth", "Network", "WatchConnectivity", "CloudKit", "Intents",
        "EventKit", "MusicKit", "MediaPlayer", "PassKit", "Contacts", "CoreTransferable", "Dispatch",
    ]
    /// Frameworks that exist only on other Apple platforms.
    static let otherPlatformFrameworks: Set<String> = ["AppKit", "Cocoa", "WatchKit", "ClockKit", "TVUIKit"]

    /// A condition that was not decided, where it was first met.
    struct Undecided: Sendable, Hashable {
        /// The condition as written (`BETA`, `canImport(FirebaseCore)`).
        var condition: String
        /// Its line.
        var line: Int
    }

    /// The active tokens.
    private(set) var active: [SwiftToken] = []
    /// The undecided conditions met in active code, in order, each once.
    private(set) var undecided: [Undecided] = []
    private let assumptions: [String: Bool]
    private let file: String?

    /// The tokens of `tokens` that an iOS app build compiles.
    init(_ tokens: [SwiftToken], assumptions: [String: Bool], file: String?) throws(SwiftImportError) {
        self.assumptions = assumptions
        self.file = file
        // One frame per open `#if`: whether the enclosing code is active, whether a branch was
        // taken already, and whether the current branch is active.
        var frames: [(outer: Bool, taken: Bool, current: Bool, line: Int)] = []
        var index = 0
        var isActive: Bool { frames.last?.current ?? true }
        while index < tokens.count {
            let token = tokens[index]
            guard token.kind == .identifier, token.text.hasPrefix("#") else {
                if isActive { active.append(token) }
                index += 1
                continue
            }
            switch token.text {
            case "#if", "#elseif":
                let condition = Self.conditionEnd(tokens, after: index)
                let slice = Array(tokens[(index + 1)..<condition])
                index = condition
                if token.text == "#if" {
                    let outer = isActive
                    let value = outer ? try evaluate(slice, at: token) : false
                    frames.append((outer, value, value, token.line))
                } else {
                    guard var frame = frames.popLast() else { throw syntax(token, "`#elseif` without `#if`") }
                    let value = frame.outer && !frame.taken ? try evaluate(slice, at: token) : false
                    frame.current = value
                    frame.taken = frame.taken || value
                    frames.append(frame)
                }
            case "#else":
                index += 1
                guard var frame = frames.popLast() else { throw syntax(token, "`#else` without `#if`") }
                frame.current = frame.outer && !frame.taken
                frame.taken = true
                frames.append(frame)
            case "#endif":
                index += 1
                guard frames.popLast() != nil else { throw syntax(token, "`#endif` without `#if`") }
            case "#warning", "#error", "#sourceLocation":
                let end = Self.argumentsEnd(tokens, after: index)
                if token.text == "#error" && isActive {
                    let message = tokens[index..<end].first { $0.kind == .string }?.text ?? ""
                    throw SwiftImportError(
                        code: .swiftUnsupported,
                        message:
                            "\(SwiftImportError.place(token.line, file: file)): `#error(\"\(message)\")` is active "
                            + "for an iOS app build, so this file does not compile for the app",
                        line: token.line, file: file)
                }
                index = end
            default:
                if isActive { active.append(token) }
                index += 1
            }
        }
        if let open = frames.last {
            throw SwiftImportError(
                code: .swiftSyntax,
                message: "\(SwiftImportError.place(open.line, file: file)): `#if` without `#endif`",
                line: open.line, file: file)
        }
    }

    /// The index after an `#if` condition: the rest of the directive's line.
    private static func conditionEnd(_ tokens: [SwiftToken], after index: Int) -> Int {
        var end = index + 1
        while end < tokens.count, tokens[end].line == tokens[index].line { end += 1 }
        return end
    }

    /// The index after `#warning(…)` and its kin.
    private static func argumentsEnd(_ tokens: [SwiftToken], after index: Int) -> Int {
        var end = index + 1
        guard end < tokens.count, tokens[end].is("(") else { return end }
        var depth = 0
        repeat {
            if tokens[end].is("(") { depth += 1 } else if tokens[end].is(")") { depth -= 1 }
            end += 1
        } while depth > 0 && end < tokens.count
        return end
    }

    private mutating func evaluate(_ condition: [SwiftToken], at directive: SwiftToken)
        throws(SwiftImportError)
        -> Bool
    {
        var reader = SwiftConditionReader(tokens: condition, assumptions: assumptions)
        do throws(SwiftConditionReader.Fault) {
            let value = try reader.expression()
            guard reader.isAtEnd else { throw SwiftConditionReader.Fault() }
            for name in reader.undecided where !undecided.contains(where: { $0.condition == name }) {
                undecided.append(Undecided(condition: name, line: directive.line))
            }
            return value
        } catch {
            throw syntax(directive, "a `\(directive.text)` condition the importer cannot read")
        }
    }

    private func syntax(_ token: SwiftToken, _ what: String) -> SwiftImportError {
        SwiftImportError(
            code: .swiftSyntax, message: "\(SwiftImportError.place(token.line, file: file)): \(what)",
            line: token.line, file: file)
    }
}
