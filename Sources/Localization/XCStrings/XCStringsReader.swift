import JSON

/// Reads `Localizable.xcstrings` (format 1.0 and 1.1) with the strict JSON reader, so a file that
/// is not JSON, or not a catalog, is refused with the line and column of each fault.
///
/// The structure is checked (types of the members the format defines, a `stringUnit` with `state`
/// and `value`, variations as objects of cases); members the format does not define are kept.
public struct XCStringsReader: Sendable {
    /// The format versions Xcode writes today.
    public static let knownVersions: Set<String> = ["1.0", "1.1"]

    /// A reader.
    public init() {}

    /// The catalog in `bytes`, or every problem found.
    public func read(_ bytes: some Collection<UInt8>) throws(CatalogReadError) -> StringCatalog {
        let result = JSONReader().read(bytes)
        if !result.diagnostics.isEmpty {
            throw CatalogReadError(
                result.diagnostics.map {
                    CatalogProblem(line: $0.line ?? 1, column: $0.column ?? 1, message: $0.message)
                })
        }
        guard let root = result.root else {
            throw CatalogReadError([CatalogProblem(line: 1, column: 1, message: "the file is empty")])
        }
        var walker = XCStringsWalker()
        let catalog = walker.catalog(root)
        if let catalog, walker.problems.isEmpty { return catalog }
        throw CatalogReadError(walker.problems)
    }
}
