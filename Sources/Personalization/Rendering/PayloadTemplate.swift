import JSON
import NotificationKit

/// A payload whose strings are templates, read once: the declared variables, the strings that
/// hold tags, and the payload's compact JSON cut into the literal bytes around them.
///
/// Rendering writes the literal bytes and each rendered string through `JSONWriter`'s escaping,
/// so whatever a value holds ends up inside one JSON string: it cannot close the string, add a
/// key or change the payload's structure. The result is then checked by the one validator.
public struct PayloadTemplate: Sendable {
    /// The declared variables, in declaration order.
    public let variables: [VariableDeclaration]
    /// The strings that hold tags, in the order they are written.
    public let slots: [TemplateSlot]
    /// The compact payload's bytes before, between and after the slots (one more than slots).
    let segments: [[UInt8]]
    /// The APNs request headers by lowercase name, `apns-collapse-id` as written.
    public let headers: [String: String]
    /// The collapse id when it holds tags.
    public let collapseID: TemplateSlot?

    /// The declaration named `name`.
    public func variable(_ name: String) -> VariableDeclaration? {
        variables.first { $0.name == name }
    }

    /// Reads `payload` (JSON whose strings may hold tags), the headers and the declarations;
    /// nil with every fault found when the template cannot be used.
    public static func compile(
        payload: [UInt8], headers: [String: String] = [:], variables: [VariableDeclaration]
    ) -> (template: PayloadTemplate?, diagnostics: [Diagnostic]) {
        var diagnostics = DeclarationCheck.check(variables)
        let reading = JSONReader().read(payload)
        guard let root = reading.root, reading.isValid else {
            return (nil, diagnostics + reading.diagnostics)
        }
        var collector = SlotCollector()
        let marked = collector.mark(root.value, path: JSONPath.root)
        diagnostics += collector.diagnostics
        var collapseID: TemplateSlot?
        if let written = headers["apns-collapse-id"] {
            do {
                let text = try TemplateText(parsing: written)
                if !text.isPlain { collapseID = TemplateSlot(path: "header:apns-collapse-id", text: text) }
            } catch {
                diagnostics.append(error.diagnostic(path: "header:apns-collapse-id"))
            }
        }
        let slots = collector.slots + (collapseID.map { [$0] } ?? [])
        diagnostics += DeclarationCheck.check(slots, against: variables)
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }
        let segments = collector.segments(of: marked)
        let template = PayloadTemplate(
            variables: variables, slots: collector.slots, segments: segments, headers: headers,
            collapseID: collapseID)
        return (template, diagnostics)
    }

    /// The payload bytes and headers for the strings `strings` gives each slot (in `slots`
    /// order) and the collapse id, escaped into their strings.
    func assemble(_ strings: [String], collapseID: String?) -> (bytes: [UInt8], headers: [String: String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            segments.reduce(0) { $0 + $1.count } + strings.reduce(0) { $0 + $1.utf8.count } + 16)
        for (index, segment) in segments.enumerated() {
            bytes.append(contentsOf: segment)
            if index < strings.count { JSONWriter.appendQuoted(strings[index], to: &bytes) }
        }
        var headers = headers
        if let collapseID { headers["apns-collapse-id"] = collapseID }
        return (bytes, headers)
    }
}

extension TemplateSyntaxError {
    /// The fault as a diagnostic at the string's `path`, line and column inside the string.
    func diagnostic(path: String) -> Diagnostic {
        Diagnostic(code, path: path, message: message, line: location.line, column: location.column)
    }
}
