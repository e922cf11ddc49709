import JSON

/// The `.apns` file for `xcrun simctl push` and for dragging onto the Simulator window
/// (apns-rules.md §11).
extension PayloadExport {
    /// The key simctl reads the target app from.
    public static let simulatorTargetBundleKey = "Simulator Target Bundle"
    /// simctl's payload limit, for every push type (VoIP included).
    public static let simulatorPayloadLimit = 4096

    /// The `.apns` file: the validated bytes with `"Simulator Target Bundle": "<bundle id>"`
    /// spliced in as the first member when a bundle id is given (or its value replaced if the
    /// payload already has the key); without a bundle id, the bytes unchanged. Nothing else is
    /// re-serialised.
    public func simulatorFile(bundleIdentifier: String?) throws(ExportError) -> [UInt8] {
        guard let bundleIdentifier else { return bytes }
        guard let root = root ?? JSONReader.apns.read(bytes).root, case .object(let members) = root.value
        else { throw .notAnObject }
        var value: [UInt8] = []
        JSONWriter.appendQuoted(bundleIdentifier, to: &value)
        if let existing = members.first(where: { $0.key == Self.simulatorTargetBundleKey }) {
            let span = existing.value.span
            return Array(bytes[..<span.start]) + value + Array(bytes[span.end...])
        }
        var member: [UInt8] = []
        JSONWriter.appendQuoted(Self.simulatorTargetBundleKey, to: &member)
        member.append(UInt8(ascii: ":"))
        member += value
        if !members.isEmpty { member.append(UInt8(ascii: ",")) }
        let insertion = root.span.start + 1
        return Array(bytes[..<insertion]) + member + Array(bytes[insertion...])
    }

    /// What simctl will refuse or ignore in the `.apns` file, as warnings: more than 4096 bytes
    /// (`export.simulator.too-large`), a push type simctl does not deliver
    /// (`export.simulator.push-type`: only alert and background), and no `aps` key
    /// (`export.simulator.no-aps`).
    public static func simulatorWarnings(file: [UInt8], headers: APNsHeaders) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        if file.count > simulatorPayloadLimit {
            warnings.append(
                Diagnostic(
                    ExportCode.simulatorTooLarge, path: JSONPath.root,
                    message:
                        "The .apns file is \(file.count) bytes; simctl accepts at most \(simulatorPayloadLimit) "
                        + "for every push type."))
        }
        if let pushType = headers.resolvedPushType, pushType != .alert, pushType != .background {
            warnings.append(
                Diagnostic(
                    ExportCode.simulatorPushType, path: "header:apns-push-type",
                    message:
                        "simctl only simulates app remote notifications; \(pushType.rawValue) pushes are not "
                        + "delivered."))
        }
        if JSONReader.apns.read(file).root?["aps"] == nil {
            warnings.append(
                Diagnostic(
                    ExportCode.simulatorNoAps, path: JSONPath.root,
                    message: "simctl requires an \"aps\" key at the top level."))
        }
        return warnings
    }
}
