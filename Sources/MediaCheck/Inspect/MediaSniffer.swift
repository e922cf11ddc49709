/// Tells a file's real format from its first bytes (magic numbers), whatever the server claims:
/// the one place that decides what a download is.
public enum MediaSniffer {
    /// How many leading bytes `sniff` needs to decide.
    public static let prefixLength = 512

    /// The type the bytes are, or nil for anything unrecognised.
    public static func sniff(_ bytes: [UInt8]) -> MediaType? {
        func at(_ offset: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return bytes.count >= offset + expected.count
                && Array(bytes[offset..<offset + expected.count]) == expected
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if at(0, "GIF87a") || at(0, "GIF89a") { return .gif }
        if at(0, "RIFF") {
            if at(8, "WEBP") { return .webp }
            if at(8, "WAVE") { return .wav }
            if at(8, "AVI ") { return .avi }
            return nil
        }
        if at(0, "FORM") && (at(8, "AIFF") || at(8, "AIFC")) { return .aiff }
        if at(4, "ftyp"), bytes.count >= 12 {
            return isoBrand(String(decoding: bytes[8..<12], as: UTF8.self))
        }
        if at(4, "moov") || at(4, "mdat") || at(4, "wide") || at(4, "free") { return .mov }
        if bytes.starts(with: [0x00, 0x00, 0x01, 0xBA]) || bytes.starts(with: [0x00, 0x00, 0x01, 0xB3]) {
            return .mpeg
        }
        if at(0, "ID3") { return .mp3 }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0, bytes[1] & 0x06 != 0 { return .mp3 }
        return markup(bytes)
    }

    /// The ISO base media file format's major brand.
    private static func isoBrand(_ brand: String) -> MediaType? {
        switch brand {
        case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": .heic
        case "M4A ", "M4B ", "M4P ", "F4A ": .m4a
        case "qt  ": .mov
        case "avif", "avis": nil
        default: .mp4  // isom, iso2, mp41, mp42, avc1, M4V, dash, 3gp…
        }
    }

    /// SVG or HTML text, looked for (case-insensitively, after a BOM and whitespace) in the first
    /// bytes: a server that sends markup as an image must never get it drawn as one.
    private static func markup(_ bytes: [UInt8]) -> MediaType? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let head = String(decoding: bytes[start..<min(bytes.count, start + prefixLength)], as: UTF8.self)
            .lowercased()
        guard head.hasPrefix("<") else { return nil }
        // Any other markup (XHTML, XML with script) is treated as HTML: never an image.
        return head.contains("<svg") ? .svg : .html
    }
}
