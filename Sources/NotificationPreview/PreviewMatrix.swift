import JSON
import NotificationKit

/// Where each device cuts the text: every device × surface, with the lines each field uses,
/// whether it is cut and the last characters shown (`POST /api/v1/preview?device=all`,
/// `pushboard preview --device all`, the composer's counters).
///
/// The fields are measured once per font and wrapped at each device's widths (`MeasureCache`),
/// so the whole matrix costs little more than one long expanded layout per device.
public struct PreviewMatrix: Sendable, Hashable {
    /// One field on one surface of one device.
    public struct Cell: Sendable, Hashable {
        /// Lines the field uses.
        public var lines: Int
        /// The field's line limit there; nil means unlimited.
        public var lineLimit: Int?
        /// Whether the field is cut with "…".
        public var truncated: Bool
        /// Characters (grapheme clusters) shown, the ellipsis excluded.
        public var visibleCharacters: Int
        /// The last characters shown before the cut (or the field's end), at most
        /// `PreviewMatrix.tailLength`, without the ellipsis.
        public var lastShown: String
        /// The whole last line shown, without the ellipsis: where the counters take a fragment
        /// that starts at a word (`PreviewMatrix.fragment`). Not part of the JSON.
        public var lastLine: String
    }

    /// One device × surface.
    public struct Row: Sendable, Hashable {
        /// The device.
        public var device: DeviceID
        /// The surface.
        public var surface: Surface
        /// The platter's width there, for ordering from narrow to wide.
        public var platterWidth: Double
        /// The title, subtitle and body.
        public var title: Cell
        public var subtitle: Cell
        public var body: Cell

        /// The cell of `field` ("title", "subtitle" or "body").
        public func cell(_ field: String) -> Cell {
            switch field {
            case "title": title
            case "subtitle": subtitle
            default: body
            }
        }
    }

    /// The rows, device after device in `DeviceID` order, each device's surfaces in order.
    public var rows: [Row]
    /// Which iOS the expanded view follows.
    public var version: PreviewVersion
    /// What a surface leaves out of this content (`surfaceDiagnostics(_:)`).
    public var surfaceFindings: [Diagnostic] = []
    /// The field names, in the order rows carry them.
    public static let fields = ["title", "subtitle", "body"]
    /// How many characters `lastShown` keeps.
    public static let tailLength = 12

    /// Lays `content` out on every device and surface.
    public init(
        _ content: PreviewContent,
        hiddenPreviews: Bool = false,
        version: PreviewVersion = .default,
        devices: [DeviceID] = DeviceID.allCases
    ) {
        let resolved = ResolvedContent(content, hiddenPreviews: hiddenPreviews)
        var notes: [String] = []
        var rows: [Row] = []
        for device in devices {
            let profile = DeviceProfile.of(device)
            for surface in profile.surfaces {
                let preview = PreviewEngine.layout(
                    surface, resolved, profile, version: version, notes: &notes)
                rows.append(
                    Row(
                        device: device, surface: surface, platterWidth: profile.platterWidth,
                        title: Cell(preview.title), subtitle: Cell(preview.subtitle), body: Cell(preview.body)
                    ))
            }
        }
        self.rows = rows
        self.version = version
        surfaceFindings = Self.surfaceDiagnostics(content)
    }

    /// The row where `field` is cut on the narrowest platter (ties: the first surface in
    /// order), or nil when no device cuts it.
    public func narrowestCut(of field: String) -> Row? {
        rows.filter { $0.cell(field).truncated }.min { $0.platterWidth < $1.platterWidth }
    }

    /// `preview.cut` infos, one per field some device cuts, naming the narrowest device and
    /// surface where it happens (docs/validation-rules.md). Cutting is often intended, so it
    /// is never a warning.
    public func cutDiagnostics() -> [Diagnostic] {
        Self.fields.compactMap { field in
            guard let row = narrowestCut(of: field) else { return nil }
            let cuts = rows.filter { $0.cell(field).truncated }.count
            let cell = row.cell(field)
            return Diagnostic(
                PreviewCode.cut, path: "$.aps.alert.\(field)",
                message:
                    "The \(field) is cut first on the \(row.surface.title) of \(row.device.label) "
                    + "after \"…\(cell.lastShown)…\" (\(cell.visibleCharacters) characters shown; cut on "
                    + "\(cuts) of \(rows.count) device × surface combinations).")
        }
    }
}

extension PreviewMatrix.Cell {
    /// The summary of one laid-out field.
    init(_ field: FieldLayout) {
        lines = field.lineCount
        lineLimit = field.lineLimit
        truncated = field.truncated
        visibleCharacters = field.visibleCharacters
        var shown = field.lineCount > 0 ? field.line(field.lineCount - 1) : ""
        if field.truncated, shown.hasSuffix("…") { shown.removeLast() }
        lastLine = shown
        lastShown = String(shown.suffix(PreviewMatrix.tailLength))
    }
}
