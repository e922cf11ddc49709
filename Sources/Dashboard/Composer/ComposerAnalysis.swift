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
    /// The one analysis of the composed bytes and header fields against the registry.
    let analysis: PayloadAnalysis
    /// The validator's report, categories checked against the registry.
    var report: ValidationReport { analysis.report }
    /// The preview of every surface on the chosen device.
    let preview: NotificationPreviewResult
    /// The curl command, when the payload is exportable.
    let curl: String?
    /// Why the curl command could not be written, when the payload is valid but the export
    /// refused it (no Topic, which token authentication needs; a header APNs cannot carry).
    let curlProblem: String?

    /// Analyses `composed` against `registry` on `device`.
    init(_ composed: ComposedPayload, registry: CategoryLookup, options: ComposerPreviewOptions) {
        self.composed = composed
        let analysis = PayloadAnalysis(
            payload: Array(composed.checkedText.utf8), headers: composed.fields.headers, registry: registry)
        self.analysis = analysis
        self.preview = PreviewEngine.preview(
            PreviewContent(analysis: analysis), device: options.device, surfaces: [],
            hiddenPreviews: options.hiddenPreviews)
        var curl: String?
        var curlProblem: String?
        if composed.text != nil, analysis.report.valid {
            do {
                curl = try PayloadExport(analysis).curlCommand(deviceToken: nil)
            } catch {
                curlProblem = error.description
            }
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
