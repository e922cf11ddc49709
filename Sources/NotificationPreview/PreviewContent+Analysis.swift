import NotificationKit

extension PreviewContent {
    /// The content of an analysed payload, drawn from the analysis's one read: its bound model,
    /// and its category resolved through the registry's index (not a search of the registry).
    public init(analysis: PayloadAnalysis, appName: String = "App") {
        // The registry narrowed to the one category the payload names: the same answer as the
        // whole registry would give, without scanning it.
        let registry = analysis.registry.map { _ in
            CategoryConfig(categories: analysis.category.map { [$0] } ?? [])
        }
        self.init(payload: analysis.payloadOrEmpty, registry: registry, appName: appName)
    }
}
