import HTTPKit
import NotificationKit
import NotificationPreview

/// Everything the composer shows about one composed payload: the report, the previews on the
/// chosen device, and the curl command when the payload may be exported.
///
/// All of it is computed here, on the server (DESIGN rule 9), for the page, the no-JavaScript
/// "Preview" and the live updates alike, so the three can never disagree.
struct ComposerAnalysis: Sendable {
    /// The composed form.
    let composed: ComposedPayload
    /// The exact bytes that were checked.
    let bytes: [UInt8]
    /// The APNs request headers from the header fields.
    let headers: [String: String]
    /// The validator's report on `bytes` and `headers`, categories checked against the registry.
    let report: ValidationReport
    /// The preview of every surface on the chosen device.
    let preview: NotificationPreviewResult
    /// The curl command, when the payload is exportable.
    let curl: String?
    /// Why the curl command could not be written, when the payload is valid but the export
    /// refused it (no Topic, which token authentication needs; a header APNs cannot carry).
    let curlProblem: String?

    /// Analyses `composed` against `registry` on `device`; the curl command uses `export`'s
    /// bundle ID, device token and environment.
    init(
        _ composed: ComposedPayload, registry: CategoryConfig, options: ComposerPreviewOptions,
        export: ComposerExportOptions = ComposerExportOptions()
    ) {
        self.composed = composed
        let bytes = Array(composed.checkedText.utf8)
        let headers = composed.fields.headers
        self.bytes = bytes
        self.headers = headers
        self.report = Validator(categories: registry).validate(payload: bytes, headers: headers)
        let payload = NotificationPayload.read(bytes).payload ?? NotificationPayload()
        self.preview = PreviewEngine.preview(
            PreviewContent(payload: payload, registry: registry), device: options.device, surfaces: [],
            hiddenPreviews: options.hiddenPreviews)
        var curl: String?
        var curlProblem: String?
        if composed.text != nil, report.valid {
            (curl, curlProblem) = export.curl(bytes: bytes, headers: headers)
        }
        self.curl = curl
        self.curlProblem = curlProblem
    }

    /// Whether downloads may be offered: the form bound and the report has no error.
    var exportable: Bool {
        composed.text != nil && composed.errors.isEmpty && report.valid
    }
}

/// The preview settings of the composer: which device, and whether previews are hidden.
struct ComposerPreviewOptions: Sendable, Equatable {
    /// The form name of the device picker.
    static let deviceField = "device"
    /// The form name of the hidden-previews checkbox.
    static let hiddenPreviewsField = "hiddenPreviews"

    /// The device previewed.
    var device: DeviceID = .default
    /// Whether "Show Previews" is off.
    var hiddenPreviews = false

    /// The default: iPhone 393 pt, previews shown.
    init() {}

    /// Reads the picker from posted fields or a query; an unknown device falls back to the
    /// default rather than failing the whole page.
    init(_ form: FormFields) {
        device = form[Self.deviceField].flatMap(DeviceID.init(rawValue:)) ?? .default
        let hidden = form[Self.hiddenPreviewsField] ?? ""
        hiddenPreviews = !hidden.isEmpty && hidden != "false"
    }
}
