import HTTPKit
import JSON
import Localization
import MediaCheck
import NotificationKit
import NotificationPreview
import Storage

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
    /// The tree of that analysis, built once for the parts of the page that walk it (the
    /// field notes, the report's field links, the Live Activity form): `PayloadAnalysis.root`
    /// builds it anew each time it is asked.
    let root: JSONNode?
    /// The validator's report, categories checked against the registry, with the matrix's
    /// `preview.cut` infos.
    let report: ValidationReport
    /// The preview of every surface on the chosen device.
    let preview: NotificationPreviewResult
    /// The media URL's recent check and whether iOS will attach it.
    let media: ComposerMedia
    /// Where every device × surface cuts the text, for the counters beside the fields; its
    /// `preview.cut` infos are in `report`.
    let matrix: PreviewMatrix
    /// The Lock Screen (or the device's first surface) of each device chosen to compare.
    let sideBySide: [NotificationPreviewResult]
    /// The curl command, when the payload is exportable.
    let curl: String?
    /// Why the curl command could not be written, when the payload is valid but the export
    /// refused it (no Topic, which token authentication needs; a header APNs cannot carry).
    let curlProblem: String?
    /// The app icon's address for the platters, nil for the neutral square.
    let appIconURL: String?
    /// The languages of the app's String Catalog, development language first (empty without one).
    let languages: [String]
    /// The language the localized keys are previewed in, nil without a catalog.
    let language: String?

    /// Analyses `composed` against `registry` and the app's Live Activity types on `device`. With
    /// a media checker, the preview draws the media only as iOS will: checked, passed, https and
    /// `mutable-content` (`checkMedia` checks first; otherwise a recent check is used, or with
    /// `keepsMediaCheck`, the live update's, the last one at any age). The curl
    /// command uses `export`'s bundle ID, device token and environment; the platters are drawn
    /// with the app identity of `settings`.
    init(
        _ composed: ComposedPayload, registry: CategoryLookup, options: ComposerPreviewOptions,
        activities: ActivityTypeSet = ActivityTypeSet(), mediaChecker: MediaChecker? = nil,
        checkMedia: Bool = false, keepsMediaCheck: Bool = false,
        export: ComposerExportOptions = ComposerExportOptions(),
        settings: WorkspaceSettings = WorkspaceSettings(), localizedKeys: (any LocalizedKeyChecking)? = nil,
        strings: StringCatalog? = nil, previewPayload: [UInt8]? = nil
    ) {
        self.composed = composed
        var validator = Validator(registry: registry)
        validator.localizedKeys = localizedKeys
        validator.activityTypes = activities
        validator.activityType = options.activityType
        let analysis = PayloadAnalysis(
            payload: Array(composed.checkedText.utf8), headers: composed.fields.headers, validator: validator)
        self.analysis = analysis
        self.root = analysis.root
        let media = ComposerMedia(
            payload: analysis.payloadOrEmpty, checker: mediaChecker, checkNow: checkMedia,
            keepsLastCheck: keepsMediaCheck)
        // Issue 28: a template previewed for a sample recipient shows that recipient's payload;
        // the report stays the composed payload's.
        let shown =
            previewPayload.map {
                PayloadAnalysis(payload: $0, headers: composed.fields.headers, validator: validator)
            } ?? analysis
        var content = settings.previewContent(of: shown)
        // With the app's catalog, each loc-key shows its text in the chosen language, so the
        // previews, the counters and the cuts follow the language.
        let languages = strings?.languages ?? []
        let language = options.language.flatMap { languages.contains($0) ? $0 : nil } ?? languages.first
        if let strings, let language {
            content = content.localized(in: strings, language: language, device: options.device)
        }
        self.languages = languages
        self.language = language
        self.appIconURL = settings.appIconURL
        if mediaChecker != nil { content.media = media.previewMedia }
        self.media = media
        self.preview = PreviewEngine.preview(
            content, device: options.device, surfaces: [], hiddenPreviews: options.hiddenPreviews,
            version: options.version)
        let matrix = PreviewMatrix(content, hiddenPreviews: options.hiddenPreviews, version: options.version)
        self.matrix = matrix
        self.sideBySide = options.compared.map { device in
            let surface = device.surfaces.contains(.lockScreen) ? Surface.lockScreen : device.surfaces[0]
            return PreviewEngine.preview(
                content, device: device, surfaces: [surface], hiddenPreviews: options.hiddenPreviews,
                version: options.version)
        }
        var report = analysis.report
        report.diagnostics += matrix.diagnostics()
        self.report = report
        var curl: String?
        var curlProblem: String?
        if composed.text != nil, analysis.report.valid {
            (curl, curlProblem) = export.curl(bytes: analysis.bytes, headers: analysis.headers)
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
    /// The form name of a truncation-matrix row's device button (`notifications/matrix`).
    static let showDeviceField = "showDevice"
    /// The form name of the hidden-previews checkbox.
    static let hiddenPreviewsField = "hiddenPreviews"
    /// The form name of the iOS version picker of the expanded view.
    static let versionField = "ios"
    /// The form name of the Language picker (shown with a String Catalog).
    static let languageField = "language"

    /// The device previewed.
    var device: DeviceID = .default
    /// Whether "Show Previews" is off.
    var hiddenPreviews = false
    /// The Live Activity type chosen in the composer ("Activity type"), for an update that
    /// names none.
    var activityType: String?
    /// Which iOS the expanded view follows.
    var version: PreviewVersion = .default
    /// The catalog language the localized keys are previewed in; nil: the development language.
    var language: String?
    /// Issue 28: whose values a template is previewed with: nil as written, "example", or a
    /// sample recipient's index.
    var recipient: String?
    /// The form name of the Recipient picker (shown for a template with declarations).
    static let recipientField = "recipient"
    /// Whether the preview stage is drawn in dark mode (the device's, not the dashboard's).
    var dark = false
    /// The form name of the preview's Light/Dark switch.
    static let darkField = "previewDark"
    /// The form names of the three devices shown side by side.
    static let compareFields = ["compare1", "compare2", "compare3"]
    /// The devices shown side by side unless the person picks others.
    static let defaultCompared: [DeviceID] = [.iphone320, .iphone393, .iphone440]
    /// The devices shown side by side.
    var compared = defaultCompared

    /// The default: iPhone 393 pt, previews shown.
    init() {}

    /// Reads the picker from posted fields or a query; an unknown device falls back to the
    /// default rather than failing the whole page.
    init(_ form: FormFields) {
        // A device button of the truncation matrix (`showDevice`) shows that device's preview.
        device =
            form[Self.showDeviceField].flatMap(DeviceID.init(rawValue:))
            ?? form[Self.deviceField].flatMap(DeviceID.init(rawValue:)) ?? .default
        let hidden = form[Self.hiddenPreviewsField] ?? ""
        hiddenPreviews = !hidden.isEmpty && hidden != "false"
        activityType = form["la-type"].flatMap { $0.isEmpty ? nil : $0 }
        version = form[Self.versionField].flatMap(PreviewVersion.init(rawValue:)) ?? .default
        language = form[Self.languageField].flatMap { $0.isEmpty ? nil : $0 }
        recipient = form[Self.recipientField].flatMap { $0.isEmpty ? nil : $0 }
        dark = (form[Self.darkField] ?? "") == "on"
        compared = zip(Self.compareFields, Self.defaultCompared).map { field, fallback in
            form[field].flatMap(DeviceID.init(rawValue:)) ?? fallback
        }
    }
}
