import NotificationKit

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

    /// The registered categories, or nil when no source was given.
    func config() throws -> CategoryConfig? {
        if let file { return try CategoryConfigFile.read(file) }
        if let dataDirectory { return try RegistryAccess.read(dataDirectory) }
        return nil
    }

    /// The registered categories indexed for checking payloads, or nil when no source was given.
    func lookup() throws -> CategoryLookup? {
        try config().map { CategoryLookup($0) }
    }
}
