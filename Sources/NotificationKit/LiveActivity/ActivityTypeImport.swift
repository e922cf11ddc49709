import JSON

/// One entry point for both import formats: a JSON Schema (the text starts with `{`, after
/// whitespace) or the app's Swift source (anything else). The API, the composer and
/// `pushboard activities import` all go through it, so they agree on what a file means.
public struct ActivityTypeImport: Sendable {
    /// Which importer read the text.
    public enum Format: String, Sendable {
        /// `SwiftSourceImporter`.
        case swift
        /// `ActivitySchemaReader`.
        case schema
    }

    /// The format the text was read as.
    public let format: Format
    /// The types found, in source order.
    public let types: [ActivityAttributesType]
    /// Why some or all of them could not be imported.
    public let diagnostics: [Diagnostic]
    /// The text the types came from, as the registry keeps it: the file itself, or for
    /// several files each one after a `// File: Name.swift` line.
    public let sourceText: String

    /// True when the import has no error (a repeated name is only a warning).
    public var succeeded: Bool {
        !types.isEmpty && !diagnostics.contains { $0.severity == .error }
    }

    /// Reads several files of the app together (the widget extension's folder, or the files
    /// chosen on the page): Swift files see each other's declarations, so a type declared in one
    /// resolves from another. One file reads as `init(_:)` does; JSON Schemas are imported one
    /// at a time.
    public init(files: [(name: String, bytes: [UInt8])]) {
        if files.count == 1, let only = files.first {
            self.init(only.bytes)
            return
        }
        let text = files.map { "// File: \($0.name)\n" + String(decoding: $0.bytes, as: UTF8.self) }.joined(
            separator: "\n")
        var sources: [SwiftSourceFile] = []
        var refusal: Diagnostic?
        for file in files where refusal == nil {
            if let source = String(validating: file.bytes, as: UTF8.self), !Self.isSchema(file.bytes) {
                sources.append(SwiftSourceFile(name: file.name, text: source))
            } else {
                refusal = Self.failure(
                    file.name,
                    Self.isSchema(file.bytes)
                        ? "\(file.name) is a JSON Schema; import schemas one at a time, not with Swift files."
                        : "\(file.name) is not UTF-8 text.")
            }
        }
        if sources.isEmpty && refusal == nil { refusal = Self.failure("swift", "No file was given.") }
        let (types, diagnostics) =
            refusal.map { ([], [$0]) } ?? SwiftSourceImporter.importTypes(from: sources)
        self.init(format: .swift, types: types, diagnostics: diagnostics, sourceText: text)
    }

    private init(
        format: Format, types: [ActivityAttributesType], diagnostics: [Diagnostic], sourceText: String
    ) {
        self.format = format
        self.types = types
        self.diagnostics = diagnostics
        self.sourceText = sourceText
    }

    private static func failure(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(ActivityTypeCode.swiftSyntax, path: path, message: message)
    }

    /// True when the text starts with `{` after whitespace: a JSON Schema.
    private static func isSchema(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// Reads `bytes` as a schema or as Swift source.
    public init(_ bytes: [UInt8]) {
        sourceText = String(decoding: bytes, as: UTF8.self)
        if Self.isSchema(bytes) {
            format = .schema
            (types, diagnostics) = ActivitySchemaReader.importTypes(from: bytes)
        } else {
            format = .swift
            guard let text = String(validating: bytes, as: UTF8.self) else {
                types = []
                diagnostics = [
                    Diagnostic(
                        ActivityTypeCode.swiftSyntax, path: "swift",
                        message: "The Swift source is not UTF-8 text.")
                ]
                return
            }
            (types, diagnostics) = SwiftSourceImporter.importTypes(from: text)
        }
    }
}

extension ActivityTypeSet {
    /// The registry export: `{"activities": [schema, …]}`, which `ActivityTypeImport` reads back.
    public var jsonValue: JSONValue {
        .members(["activities": .list(types.map(\.schema))])
    }
}
