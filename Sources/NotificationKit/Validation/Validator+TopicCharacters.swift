extension Validator {
    /// Reports a topic holding a character no bundle identifier can have, and says whether it did.
    ///
    /// Apple's rule for `CFBundleIdentifier` allows only A–Z, a–z, 0–9, hyphen and period, and
    /// every push-type suffix (`.voip-ptt`, `.push-type.liveactivity`, …) keeps to the same set,
    /// so a space, `<`, `>` or `_` can never reach an app: APNs answers 400 `BadTopic`. A
    /// template left in place (`<your-app-bundle-id>`) is the usual cause.
    func reportBundleIDCharacters(in topic: String, sink: inout DiagnosticSink) -> Bool {
        guard let bad = topic.unicodeScalars.first(where: { !Self.isBundleIDScalar($0) }) else {
            return false
        }
        let shown = topic.unicodeScalars.count > 60 ? String(topic.prefix(60)) + "…" : topic
        sink.emit(
            .headerTopicCharacters, "header:apns-topic", at: nil,
            "apns-topic \"\(shown)\" contains \(Self.describe(bad)), which no bundle ID can hold (only "
                + "A–Z, a–z, 0–9, hyphen and period); APNs answers 400 BadTopic.")
        return true
    }

    /// True for the scalars of a bundle identifier: ASCII letters, digits, `-` and `.`.
    static func isBundleIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E: true
        default: false
        }
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": "a space"
        case "_": "an underscore"
        default:
            scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                ? "the character U+\(String(scalar.value, radix: 16, uppercase: true))"
                : "\"\(scalar)\""
        }
    }
}
