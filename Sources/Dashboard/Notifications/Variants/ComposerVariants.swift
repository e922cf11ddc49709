import Foundation
import HTTPKit
import Localization

/// The composer's language variants (issue 27) as the form carries them: the tags in order
/// (`variantTags`, space-separated), each variant's texts (`variant-TAG-title`, `-subtitle`,
/// `-body`) and the tab shown (`variantShown`, or the `variantTab` button pressed). A tag is
/// only ever ASCII letters, digits and "-", so it is safe in a field name and an element id.
struct ComposerVariants: Equatable, Sendable {
    static let tagsField = "variantTags"
    static let shownField = "variantShown"
    static let tabButton = "variantTab"
    static let addField = "addVariant"
    static let removeButton = "removeVariant"
    /// The `intent` of the "Add language" button.
    static let addIntent = "add-variant"

    /// The variants as the form (or the store) has them.
    var variants = NotificationVariants()
    /// The tag whose tab is shown; nil: the base texts.
    var shown: String?

    init() {}

    /// The saved variants, the base texts shown (or `shown`, when the notification has it).
    init(storedText: String, shown: String? = nil) {
        variants = NotificationVariants(storedText: storedText)
        self.shown = shown.flatMap { tag in variants.tags.first { $0.lowercased() == tag.lowercased() } }
    }

    /// The posted variants; tags that are not well-formed (a tampered form) are left out.
    init(_ form: FormFields) {
        let tags = (form[Self.tagsField] ?? "").split(separator: " ").map(String.init)
        for tag in tags where LanguageTag.isWellFormed(tag) && variants.texts(of: tag) == nil {
            var texts = NotificationVariants.Texts()
            for field in NotificationVariants.Texts.fields {
                texts[field] = ComposerFields.normalizingLineBreaks(form[Self.fieldName(tag, field)] ?? "")
            }
            variants.entries.append((tag, texts))
        }
        let asked = form[Self.tabButton] ?? form[Self.shownField] ?? ""
        shown = variants.tags.first { $0 == asked }
    }

    /// The form name of a variant's text.
    static func fieldName(_ tag: String, _ field: String) -> String {
        "variant-\(tag)-\(field)"
    }

    /// Adds an empty variant `typed` and shows it; the message to show when it cannot be.
    mutating func add(_ typed: String) -> String? {
        let tag = typed.trimmingCharacters(in: .whitespaces)
        if let problem = LanguageTag.problem(tag) {
            return "\"\(tag.prefix(LanguageTag.maximumLength))\" cannot be added: \(problem)."
        }
        if variants.texts(of: tag) != nil { return "The notification already has a variant in \(tag)." }
        guard variants.entries.count < NotificationVariants.maximumCount else {
            return "A notification holds at most \(NotificationVariants.maximumCount) languages."
        }
        variants.entries.append((tag, NotificationVariants.Texts()))
        shown = tag
        return nil
    }

    /// Removes the variant `tag`; the base texts are shown.
    mutating func remove(_ tag: String) {
        variants.entries.removeAll { $0.tag == tag }
        shown = nil
    }
}

extension ComposerVariants {
    /// `composed` as the tab shown previews it: the variant's payload over the form's, or the
    /// form's own (the base tab, or a field error that stops the payload).
    func previewed(_ composed: ComposedPayload) -> ComposedPayload {
        guard let shown, let texts = variants.texts(of: shown), let base = composed.text else {
            return composed
        }
        var previewed = composed
        previewed.text = String(decoding: NotificationVariants.payload(of: texts, base: base), as: UTF8.self)
        return previewed
    }
}
