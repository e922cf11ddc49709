import JSON
import Localization
import NotificationKit
import NotificationPreview
import Storage

/// What the composer shows about a notification's languages (issue 27): each variant's state
/// (the texts it is missing, its errors) and the language matrix, language × device × surface,
/// for a notification with variants, or for a localized one (`*-loc-key`) when the app's
/// String Catalog is loaded.
struct VariantOverview {
    /// One variant's tab state.
    struct State {
        var tag: String
        /// The base texts (title, subtitle, body) the variant leaves empty: there the recipient
        /// sees the base language.
        var missing: [String]
        /// The variant payload's errors, as the validator counts them.
        var errors: Int
        /// The variant payload's size in bytes.
        var bytes: Int
    }

    /// Each variant's state, in the variants' order.
    var states: [State] = []
    /// The language matrix; nil when there is nothing to compare (no variant, no localized key
    /// with a catalog).
    var matrix: LanguageMatrix?
    /// The catalog's languages without a variant (empty without a catalog or variants).
    var uncovered: [String] = []

    init() {}

    /// The overview of `variants` over the base payload `base` (nil while a field error stops
    /// it) with the form's `headers` (the stored headers JSON text).
    init(
        _ variants: NotificationVariants, base: String?, headers: String, registry: CategoryLookup,
        settings: WorkspaceSettings, options: ComposerPreviewOptions, strings: StringCatalog?
    ) {
        guard let base else { return }
        let baseAnalysis = NotificationVerdict.analysis(
            payload: Array(base.utf8), headers: headers, registry: registry)
        let baseContent = settings.previewContent(of: baseAnalysis)
        func cuts(_ content: PreviewContent) -> PreviewMatrix {
            PreviewMatrix(content, hiddenPreviews: options.hiddenPreviews, version: options.version)
        }
        guard !variants.isEmpty else {
            if let strings, Self.isLocalized(baseContent) {
                matrix = LanguageMatrix(
                    baseContent, catalog: strings, languages: strings.languages,
                    hiddenPreviews: options.hiddenPreviews, version: options.version)
            }
            return
        }
        let present = Self.presentTexts(baseContent)
        var matrices = [(language: "base", matrix: cuts(baseContent))]
        for entry in variants.entries {
            let payload = NotificationVariants.payload(of: entry.texts, base: base)
            let analysis = NotificationVerdict.analysis(
                payload: payload, headers: headers, registry: registry)
            states.append(
                State(
                    tag: entry.tag,
                    missing: NotificationVariants.Texts.fields.filter {
                        present.contains($0) && entry.texts[$0].isEmpty
                    },
                    errors: analysis.report.diagnostics.filter { $0.severity == .error }.count,
                    bytes: payload.count))
            matrices.append((entry.tag, cuts(settings.previewContent(of: analysis))))
        }
        matrix = LanguageMatrix(matrices: matrices)
        uncovered = (strings?.languages ?? []).filter { variants.texts(of: $0) == nil }
    }

    /// Whether the content names a catalog key for its title, subtitle or body.
    private static func isLocalized(_ content: PreviewContent) -> Bool {
        [content.title, content.subtitle, content.body].contains { text in
            if case .localized? = text { return true }
            return false
        }
    }

    /// The alert texts the base payload has (plain or localized).
    private static func presentTexts(_ content: PreviewContent) -> Set<String> {
        var present: Set<String> = []
        if content.title != nil { present.insert("title") }
        if content.subtitle != nil { present.insert("subtitle") }
        if content.body != nil { present.insert("body") }
        return present
    }
}
