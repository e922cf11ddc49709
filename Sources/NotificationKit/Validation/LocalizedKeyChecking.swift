public import JSON

/// Checks a payload's localized keys (`title-loc-key`, `subtitle-loc-key`, `loc-key`) with their
/// arguments against the app's String Catalog.
///
/// The catalog and its rules live in the `Localization` module, which this module does not
/// import; `Registry` makes the catalog's checker conform, and callers hand it to the `Validator`.
public protocol LocalizedKeyChecking: Sendable {
    /// The findings about `key` at `path` with the payload's `arguments` (at `argumentsPath`).
    func check(key: String, arguments: [String], path: String, argumentsPath: String) -> [Diagnostic]
}
