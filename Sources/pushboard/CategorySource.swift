import NotificationKit

/// Where a command gets the registered categories: a config file (`--categories`), the
/// workspace's registry (`--data` or `--database`), or nowhere (the validator then says it could
/// not check).
struct CategorySource {
    private let file: String?
    /// The options, when they name a workspace.
    private let workspace: ParsedArguments?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments["categories"]
        workspace = WorkspaceOption.isGiven(arguments) ? arguments : nil
        if file != nil && workspace != nil {
            throw UsageError("give --categories or --data/--database, not both")
        }
    }

    /// The registered categories, or nil when no source was given.
    func config() throws -> CategoryConfig? {
        if let file { return try CategoryConfigFile.read(file) }
        if let workspace { return try RegistryAccess.read(workspace) }
        return nil
    }

    /// The registered categories indexed for checking payloads, or nil when no source was given.
    func lookup() throws -> CategoryLookup? {
        try config().map { CategoryLookup($0) }
    }
}
