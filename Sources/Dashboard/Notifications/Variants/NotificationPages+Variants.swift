import HTTPKit
import Storage

/// The composer's "Add language" and "Remove" buttons (issue 27): each changes the variants
/// in the form and shows the page again; nothing is saved until Save.
extension NotificationPages {
    /// The page after adding or removing a variant, or nil when the post did neither.
    func variantChange(
        _ form: FormFields, variants: inout ComposerVariants, composed: ComposedPayload,
        stored: StoredNotification?, revision: Int?, options: ComposerPreviewOptions,
        export: ComposerExportOptions
    ) throws -> Response? {
        let flash: ComposerView.Flash
        var status = HTTPStatus.ok
        if let removed = form[ComposerVariants.removeButton], variants.variants.texts(of: removed) != nil {
            variants.remove(removed)
            flash = .init(
                kind: "info",
                text: "The \(removed) variant was removed. Nothing was saved yet: Save keeps it.")
        } else if form["intent"] == ComposerVariants.addIntent {
            let typed = form[ComposerVariants.addField] ?? ""
            if let problem = variants.add(typed) {
                flash = .init(kind: "error", text: problem)
                status = .unprocessableContent
            } else {
                flash = .init(
                    kind: "info",
                    text:
                        "\(variants.shown ?? typed) added: type its title, subtitle and body. Nothing was saved yet: Save keeps it."
                )
            }
        } else {
            return nil
        }
        var view = try view(
            composed, stored: stored, revision: revision, options: options, export: export, variants: variants
        )
        view.flash.append(flash)
        return try render(view, status: status, posted: true)
    }
}
