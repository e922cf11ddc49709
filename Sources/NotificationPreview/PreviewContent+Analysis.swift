import NotificationKit

extension PreviewContent {
    /// The content of an analysed payload, drawn from the analysis's one read: the alert, media
    /// URL and category bound from its flat document (no tree, no whole-payload binding), and
    /// the category resolved through the registry's index (not a search of the registry).
    public init(analysis: PayloadAnalysis, appName: String = "App") {
        self.init(
            alert: analysis.alert?.content, mediaURL: analysis.mediaURL,
            category: Self.resolution(
                of: analysis.categoryIdentifier,
                registered: { analysis.registry?.category(identifiedBy: $0) }),
            appName: appName)
    }
}
