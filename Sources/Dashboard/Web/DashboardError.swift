/// A reason the dashboard cannot start.
public struct DashboardError: Error, CustomStringConvertible {
    /// What went wrong, naming the file or folder.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
