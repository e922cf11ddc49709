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

    /// True when the import has no error (a repeated name is only a warning).
    public var succeeded: Bool {
        !types.isEmpty && !diagnostics.contains { $0.severity == .error }
    }

    /// Reads `bytes` as a schema or as Swift source.
    public init(_ bytes: [UInt8]) {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "{") {
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
