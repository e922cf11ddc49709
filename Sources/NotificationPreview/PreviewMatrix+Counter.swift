/// The composer's counter next to Title, Subtitle and Body.
extension PreviewMatrix {
    /// "64 characters · cut on the Banner of iPhone SE (1st gen.) · 320 pt, 375 and 390 pt after
    /// “Děti byly…”": how long `field` is and where it is cut first — the first surface (in
    /// device order) that cuts it, the devices that cut it there from narrow to wide, and the
    /// last characters the narrowest of them shows. Without a cut: "64 characters · fits
    /// everywhere". Those characters and the "…" after them sit between Unicode isolates
    /// (FSI … PDI): a Hebrew or Arabic tail stays inside its quotes instead of reordering the
    /// English around it, and its "…" is drawn where the text stops: at the left end of
    /// right-to-left text, as iOS cuts it.
    public func counter(for field: String, text: String) -> String {
        let count = text.count
        let length = "\(count) character\(count == 1 ? "" : "s")"
        guard count > 0 else { return "" }
        let cut = rows.filter { $0.cell(field).truncated }
        guard
            let surface = Surface.allCases.first(where: { surface in cut.contains { $0.surface == surface } })
        else { return "\(length) · fits every device" }
        let there = cut.filter { $0.surface == surface }.sorted { $0.platterWidth < $1.platterWidth }
        guard let first = there.first else { return length }
        var devices = [first.device.label]
        devices += there.dropFirst().map { DeviceProfile($0.device).widthName }
        let list =
            devices.count == 1
            ? devices[0] : devices.dropLast().joined(separator: ", ") + " and " + (devices.last ?? "")
        let tail = "\u{2068}\(first.cell(field).lastShown)…\u{2069}"
        return "\(length) · cut on the \(surface.title) of \(list) after “\(tail)”"
    }
}

extension DeviceProfile {
    /// How a list names a device after the first: its width for iPhones ("375"), its name
    /// otherwise ("iPad").
    var widthName: String { kind == .phone ? "\(Int(width))" : name }
}
