import JSON

/// One Swift file of an import: its name (for messages; nil for text pasted alone) and text.
public struct SwiftSourceFile: Sendable, Hashable {
    /// The file name as the user gave it (`TimerAttributes.swift`), or nil.
    public var name: String?
    /// The file's text.
    public var text: String

    /// A file named `name` holding `text`.
    public init(name: String?, text: String) {
        self.name = name
        self.text = text
    }
}

/// Imports the app's Live Activity types from its own Swift source: every struct conforming to
/// `ActivityAttributes`, its stored properties as `attributes` and its nested `ContentState` as
/// `content-state`, coded as `JSONDecoder`'s default strategies and Swift's synthesized
/// `Codable` code them (docs/live-activities.md, "What the importer reads").
///
/// ```swift
/// struct DeliveryAttributes: ActivityAttributes {
///     struct ContentState: Codable, Hashable {
///         var status: Status
///         var eta: ClosedRange<Date>
///         var driver: Driver?
///         enum CodingKeys: String, CodingKey { case status, eta = "arrival", driver }
///     }
///     enum Status: String, Codable { case preparing, onTheWay = "on-the-way", delivered }
///     struct Driver: Codable, Hashable { var name: String; var phone: URL? }
///     let orderNumber: Int
/// }
/// ```
///
/// It reads the files real apps have: `#if` evaluated for an iOS app build, the widget, views
/// and extensions around the types skipped, several files together so a type declared in one
/// is found from another. What it cannot read as the device decodes (an unknown type, a custom
/// `init(from:)`, a property wrapper, a `CodingKeys` case without a property, an `#if` it
/// cannot decide that changes a decoded type) is an error naming its line, and nothing is
/// imported.
public enum SwiftSourceImporter {
    /// The most `#if` conditions the importer cannot decide that it tries both ways.
    static let maximumUndecided = 16

    /// The types of `source`, or the diagnostics saying why they cannot be imported.
    public static func importTypes(from source: String) -> (
        types: [ActivityAttributesType], diagnostics: [Diagnostic]
    ) {
        importTypes(from: [SwiftSourceFile(name: nil, text: source)])
    }

    /// The types declared across `files`, which see each other's declarations as the files of
    /// one module do, or the diagnostics saying why they cannot be imported.
    public static func importTypes(from files: [SwiftSourceFile]) -> (
        types: [ActivityAttributesType], diagnostics: [Diagnostic]
    ) {
        do throws(SwiftImportError) {
            var tokens: [[SwiftToken]] = []
            for file in files {
                do throws(SwiftTokenError) {
                    tokens.append(try SwiftTokenizer.tokens(of: file.text))
                } catch {
                    throw SwiftImportError(
                        code: .swiftSyntax,
                        message: "\(SwiftImportError.place(error.line, file: file.name)): \(error.message)",
                        line: error.line, file: file.name)
                }
            }
            let base = try build(files, tokens, assumptions: [:])
            // Each is one more reading of every file: a bounded number, so no file of flags
            // costs a worker more than a few readings.
            if base.undecided.count > maximumUndecided, let extra = base.undecided.last {
                throw SwiftImportError(
                    code: .swiftUndecidedCondition,
                    message:
                        "\(SwiftImportError.place(extra.condition.line, file: extra.file)): more than "
                        + "\(maximumUndecided) `#if` conditions cannot be decided for an iOS app build; import the "
                        + "branches the app is built with",
                    line: extra.condition.line, file: extra.file)
            }
            // Each condition that could not be decided is tried the other way: the file is
            // refused only when the answer changes what the device decodes.
            for undecided in base.undecided {
                let other: Build?
                do throws(SwiftImportError) {
                    other = try build(files, tokens, assumptions: [undecided.condition.condition: true])
                } catch {
                    other = nil
                }
                guard other?.types != base.types || other?.diagnostics != base.diagnostics else { continue }
                let changed = changedTypeName(base.types, other?.types ?? [])
                throw SwiftImportError(
                    code: .swiftUndecidedCondition,
                    message:
                        "\(SwiftImportError.place(undecided.condition.line, file: undecided.file)): "
                        + "`#if \(undecided.condition.condition)` cannot be decided for an iOS app build, and it "
                        + "changes \(changed); remove the condition around the decoded types or import the "
                        + "branch the app is built with",
                    line: undecided.condition.line, file: undecided.file)
            }
            return (base.types, base.diagnostics)
        } catch {
            return (
                [],
                [
                    Diagnostic(
                        error.code, path: error.file ?? "swift", message: error.message, line: error.line)
                ]
            )
        }
    }

    /// What one reading of the files gives: the types, the warnings, and the conditions that
    /// could not be decided.
    private struct Build: Sendable {
        var types: [ActivityAttributesType]
        var diagnostics: [Diagnostic]
        var undecided: [(condition: SwiftConditionalCompilation.Undecided, file: String?)]
    }

    /// Reads `files` with each undecided `#if` condition taken as `assumptions` says.
    private static func build(
        _ files: [SwiftSourceFile], _ tokens: [[SwiftToken]], assumptions: [String: Bool]
    ) throws(SwiftImportError) -> Build {
        var syntax = SwiftFileSyntax()
        var undecided: [(condition: SwiftConditionalCompilation.Undecided, file: String?)] = []
        var nextID = 0
        for (file, fileTokens) in zip(files, tokens) {
            let active = try SwiftConditionalCompilation(
                fileTokens, assumptions: assumptions, file: file.name)
            undecided += active.undecided.map { ($0, file.name) }
            var parser = SwiftDeclarationParser(tokens: active.active, file: file.name, firstID: nextID)
            try parser.parseFile(into: &syntax)
            nextID = parser.nextID
        }
        var resolver = SwiftTypeResolver(syntax)
        let roots = syntax.structs.filter { $0.conformances.contains("ActivityAttributes") }
        guard !roots.isEmpty else {
            throw SwiftImportError(
                code: .swiftNoAttributes,
                message:
                    "No struct conforms to ActivityAttributes; declare `struct Name: ActivityAttributes` "
                    + "with a nested `struct ContentState: Codable, Hashable`.",
                line: nil)
        }
        var types: [ActivityAttributesType] = []
        var diagnostics: [Diagnostic] = []
        for root in roots {
            let type = try resolver.attributesType(root)
            if types.contains(where: { $0.name == type.name }) {
                diagnostics.append(
                    Diagnostic(
                        ActivityTypeCode.duplicateType, path: root.file ?? type.name,
                        message: "\(type.name) is declared twice; the first is kept.",
                        line: root.line))
            } else {
                types.append(type)
            }
        }
        return Build(types: types, diagnostics: diagnostics, undecided: undecided)
    }

    /// "DeliveryAttributes" when a type differs between two readings, else "whether the
    /// files import".
    private static func changedTypeName(_ one: [ActivityAttributesType], _ other: [ActivityAttributesType])
        -> String
    {
        for type in one + other {
            let first = one.first { $0.name == type.name }
            let second = other.first { $0.name == type.name }
            if first != second {
                if first?.contentState != second?.contentState {
                    return "the decoded type \(type.name).ContentState"
                }
                return "the decoded type \(type.name)"
            }
        }
        return "whether the files import"
    }
}
