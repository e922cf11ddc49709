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
        switch AbsoluteURL.read(url) {
        case .success(let absolute):
            if absolute.scheme != "https" {
                sink.emit(
                    .mediaNotHTTPS, path(), at: media.value.span,
                    "The media URL uses \"\(absolute.scheme)\"; the service extension can only download it over https."
                )
            }
        case .failure(.userInfo):
            sink.emit(
                .mediaInvalidURL, path(), at: media.value.span,
                "The media URL carries user info (name@ before the host): credentials in a payload reach every "
                    + "device in clear, and the media check refuses such a URL.")
        case .failure:
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
}
