/// The one shape of a diagnostic code, whichever layer reports it: a stable dotted identifier
/// (CONTRACT §4), the severity it has before `strict`, and the anchor of its row in
/// `docs/validation-rules.md`.
///
/// Each layer keeps its codes in one enum that conforms (`JSONReadCode`, the validator's
/// `PayloadCode`, `CategoryDiagnosticCode`, `MediaCheckCode`, …), and a `Diagnostic` is made only
/// from such a code, so no code exists outside a table and every table can be checked against the
/// document. Adding a code is one `case` line in its table (plus its row in the severity switch
/// when it is not the table's default severity) and its row in the document.
public protocol DiagnosticCode: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == String {
    /// How bad a finding with this code is, before `strict` raises warnings to errors.
    var severity: Severity { get }
}

extension DiagnosticCode {
    /// The stable dotted identifier written in reports, for example `payload.too-large`.
    public var code: String { rawValue }

    /// Where the code is explained: its row in the served rules document, whose `id` is the code
    /// itself (`/docs/validation-rules#payload.too-large`).
    public var documentationAnchor: String { Self.documentationPage + "#" + rawValue }

    /// The page that documents every diagnostic code.
    public static var documentationPage: String { "/docs/validation-rules" }
}
