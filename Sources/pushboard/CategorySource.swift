import NotificationKit
import Storage

/// Where a command gets the registered categories: a config file (`--categories`), a data
/// directory's registry (`--data`), or nowhere (the validator then says it could not check).
struct CategorySource {
    private let file: String?
    private let dataDirectory: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments["categories"]
        dataDirectory = arguments["data"]
        if file != nil && dataDirectory != nil {
            throw UsageError("give --categories or --data, not both")
        }
    }

    /// The registered identifiers, or nil when no source was given.
    func identifiers() throws -> [String]? {
        if let file {
            return try CategoryConfigFile.read(file).categories.map(\.identifier)
        }
        if let dataDirectory {
            do {
                let store = try Store(directory: dataDirectory, mode: .readOnly)
                return try store.categories.registry().categories.map(\.identifier)
            } catch {
                throw InputOutputError(message: "cannot read the registry in '\(dataDirectory)': \(error)")
            }
        }
        return nil
    }
}
