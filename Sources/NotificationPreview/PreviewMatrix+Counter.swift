/// The composer's counter next to Title, Subtitle and Body: one statement per field, read off
/// the same matrix the API's `device=all` answers with.
extension PreviewMatrix {
    /// Devices that cut a field at the same place on the same surface: one "width group" of the
    /// counter.
    public struct CutGroup: Sendable, Hashable {
        /// The first surface (in the device's order) where these devices cut the field.
        public var surface: Surface
        /// The devices, in the Device menu's order.
        public var devices: [DeviceID]
        /// What is shown before the cut, starting at a word, with "…" where text is left out
        /// on either side (`fragment(of:)`).
        public var fragment: String
    }

    /// How long a whole one-line cut may be and still be quoted whole in a counter.
    static let wholeFragmentLength = 24
    /// How many characters a fragment keeps from the end of the last line before it moves to
    /// the next word start.
    static let fragmentLength = 16

    /// Where each device cuts `field` ("title", "subtitle" or "body"): every device that cuts
    /// it, at the first of its surfaces that does, grouped with the devices that cut it at the
    /// same place on the same surface. Groups and their devices are in the Device menu's order
    /// (iPhones from narrow to wide, then iPad, Mac, CarPlay and the watches).
    public func cutGroups(of field: String) -> [CutGroup] {
        var groups: [CutGroup] = []
        var keys: [String] = []
        for device in devices {
            guard let first = rows.first(where: { $0.device == device && $0.cell(field).truncated })
            else { continue }
            let cell = first.cell(field)
            let fragment = Self.fragment(of: cell)
            let key = "\(first.surface.rawValue)\u{0}\(cell.visibleCharacters)\u{0}\(fragment)"
            if let index = keys.firstIndex(of: key) {
                groups[index].devices.append(device)
            } else {
                keys.append(key)
                groups.append(CutGroup(surface: first.surface, devices: [device], fragment: fragment))
            }
        }
        return groups
    }

    /// The devices the matrix covers.
    public var devices: [DeviceID] {
        var devices: [DeviceID] = []
        for row in rows where devices.last != row.device { devices.append(row.device) }
        return devices
    }

    /// The devices a counter speaks for besides the narrowest that cuts: the Device menu's
    /// default, the most common width, and the widest iPhone. Every other cut is in the page's
    /// "Where each device cuts" matrix, so the note under a field stays a line or two instead of
    /// a paragraph per device (and a screen reader reads it with the field).
    static let counterLandmarks: [DeviceID] = [.default, .iphone440]

    /// "55 characters · fits every device", or "55 characters · cut on 12 of 15 devices, 5
    /// places in all — iPhone SE (1st gen.) · 320 pt (Banner): “Vánoční výprodej: sleva…”;
    /// iPhone 16 · 393 pt, iPhone 17 · 402 pt (Banner): “…sleva 30 % na v…”; iPhone 17 Pro Max
    /// · 440 pt (Banner): “…na všechno…”": how long `field` is, how many devices cut it, and for
    /// the narrowest of them, the default device and the widest iPhone, the group of devices
    /// that cut it at the same place, named as the Device menu names them, with the surface and
    /// what they show before the cut.
    ///
    /// The quoted fragments sit between Unicode isolates (FSI … PDI): a Hebrew or Arabic
    /// fragment stays inside its quotes instead of reordering the English around it, and its
    /// "…" is drawn where the text stops: at the left end of right-to-left text, as iOS cuts it.
    public func counter(for field: String, text: String) -> String {
        let count = text.count
        guard count > 0 else { return "" }
        let length = "\(count) character\(count == 1 ? "" : "s")"
        let groups = cutGroups(of: field)
        guard let narrowest = groups.first else { return "\(length) · fits every device" }
        let cut = groups.reduce(0) { $0 + $1.devices.count }
        var shown = [narrowest]
        for group in groups where !shown.contains(group) {
            if Self.counterLandmarks.contains(where: group.devices.contains) { shown.append(group) }
        }
        let described = shown.map { group in
            let names = group.devices.map(\.label).joined(separator: ", ")
            return "\(names) (\(group.surface.title)): “\u{2068}\(group.fragment)\u{2069}”"
        }
        let places = groups.count > shown.count ? ", \(groups.count) places in all" : ""
        return "\(length) · cut on \(cut) of \(devices.count) devices\(places) — "
            + described.joined(separator: "; ")
    }

    /// What a cut cell shows before its "…", from a word start: the whole text when it is one
    /// short line ("Vánoční výprodej: sleva…"), otherwise the end of the last line from the
    /// first word that starts in its last `fragmentLength` characters ("…30 % na v…"). A
    /// leading "…" says text before it is left out.
    public static func fragment(of cell: Cell) -> String {
        let line = Array(cell.lastLine)
        let ending = cell.truncated ? "…" : ""
        if cell.lines <= 1, line.count <= wholeFragmentLength {
            return String(line) + ending
        }
        var start = max(0, line.count - fragmentLength)
        let startsWord = { (index: Int) in
            index == 0 || (line[index - 1].isWhitespace && !line[index].isWhitespace)
        }
        if let word = (start..<line.count).first(where: startsWord) {
            start = word
        } else if let word = (0..<start).last(where: startsWord),
            line.count - word <= 2 * fragmentLength
        {
            start = word
        }
        let leading = start > 0 || cell.lines > 1 ? "…" : ""
        return leading + String(line[start...]) + ending
    }
}
