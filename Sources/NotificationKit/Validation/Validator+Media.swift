import JSON

extension Validator {
    /// A rich-media URL is a custom key the service extension downloads (§9): it needs
    /// `mutable-content: 1` for the extension to run, and `https` because App Transport Security
    /// blocks plain `http` downloads.
    func checkMedia(_ media: JSONView.Member, facts: PayloadFacts, sink: inout DiagnosticSink) {
        func path() -> String { JSONPath.appending(key: media.key, to: JSONPath.root) }
        guard let url = media.value.value.stringValue else {
            sink.emit(
                .mediaType, path(), at: media.value.span,
                "\"\(media.key)\" must be a URL string, not \(describe(media.value)).")
            return
        }
        if let scheme = Self.scheme(of: url) {
            if scheme != "https" {
                sink.emit(
                    .mediaNotHTTPS, path(), at: media.value.span,
                    "The media URL uses \"\(scheme)\"; the service extension can only download it over https."
                )
            }
        } else {
            sink.emit(
                .mediaInvalidURL, path(), at: media.value.span,
                "\"\(url.prefix(60))\" is not an absolute URL (scheme://host/path).")
        }
        if facts.mutableContent != 1 {
            sink.emit(
                .mediaRequiresMutableContent, path(), at: media.value.span,
                "A media URL needs \"mutable-content\": 1 in \"aps\"; otherwise the service extension never "
                    + "runs and no image is shown.")
        }
    }

    /// The lowercased scheme of an absolute URL with a host, or nil when `url` is not one.
    static func scheme(of url: String) -> String? {
        if let found = url.utf8.withContiguousStorageIfAvailable({ scheme(in: $0) }) { return found }
        return scheme(in: Array(url.utf8))
    }

    /// `scheme(of:)` on the URL's bytes: walking a buffer rather than the string's UTF-8 view
    /// saves about 4 000 instructions per media URL (callgrind, `validate --jsonl`).
    private static func scheme<Bytes: BidirectionalCollection<UInt8>>(in bytes: Bytes) -> String? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), !bytes.contains(UInt8(ascii: " ")) else {
            return nil
        }
        let scheme = bytes[..<colon]
        let rest = bytes[bytes.index(after: colon)...]
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        func isSchemeByte(_ byte: UInt8) -> Bool {
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard let first = scheme.first, isLetter(first), scheme.allSatisfy(isSchemeByte),
            rest.starts(with: "//".utf8), hasHost(authority: rest.dropFirst(2))
        else { return nil }
        return String(decoding: scheme, as: UTF8.self).lowercased()
    }

    /// True when the authority that starts `text` (up to `/`, `?` or `#`) names a host: not
    /// empty once user info and port are removed, so `https:///y.png` and `https://:443/` fail.
    private static func hasHost<Bytes: BidirectionalCollection<UInt8>>(authority text: Bytes) -> Bool {
        let end = text.firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        var authority = text[..<(end ?? text.endIndex)]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            authority = authority[authority.index(after: at)...]
        }
        if authority.first == UInt8(ascii: "[") {
            // An IPv6 literal: something between the brackets.
            return authority.count > 2 && authority.contains(UInt8(ascii: "]"))
        }
        let host = authority.prefix { $0 != UInt8(ascii: ":") }
        return !host.isEmpty
    }
}
