/// Turning what came back into findings: transfer failures, then the type, size and image facts.
extension MediaReport {
    /// A transfer that produced no answer.
    mutating func add(
        _ failure: TransferResult.Failure, url: MediaURL, configuration: MediaCheckConfiguration
    ) {
        switch failure {
        case .timeout:
            add(
                .timeout,
                "No answer from \(url.host) in time (connect \(configuration.connectTimeout) ms, whole check "
                    + "\(configuration.totalTimeout) ms).")
        case .connect(let text):
            add(.connect, "Could not get an answer from \(url.host):\(url.port): \(text).")
        case .tls(let text): add(.tls, "The secure connection to \(url.host) failed: \(text).")
        case .addressMismatch(let address):
            add(
                .addressRefused,
                "The connection would have gone to \(address?.description ?? "an unknown address"), "
                    + "not the address that was checked; refused.")
        case .other(let text): add(.connect, "The download failed: \(text).")
        }
    }
}

extension MediaChecker {
    /// The findings about a successful answer's body.
    func inspect(_ result: TransferResult, into report: inout MediaReport) {
        let body = result.body
        report.contentType = result.contentType
        report.sniffedType = body.sniffed
        var size = body.received
        if case .tooLarge(let bytes) = result.stop {
            size = bytes
        } else if let declared = result.contentLength {
            size = max(declared, body.received)
        }
        report.bytes = size
        guard size > 0 else {
            report.add(.empty, "The download is empty.")
            return
        }
        guard let type = body.sniffed else {
            report.add(
                .typeUnsupported,
                "The file is not a format iOS attaches (its first bytes match no image, audio or video type)."
            )
            return
        }
        guard let kind = type.kind, type.isAttachable else {
            let what = type.kind == nil ? "\(type.displayName), not media" : "\(type.displayName)"
            report.add(
                .typeUnsupported,
                "The file is \(what); iOS attaches JPEG, PNG, GIF, HEIC, MP3, M4A, WAV, AIFF, MP4, MOV, MPEG or AVI."
            )
            return
        }
        checkContentType(result.contentType, against: type, into: &report)
        let limit = MediaSizeLimit.limit(for: kind)
        if case .tooLarge = result.stop {
            report.add(
                .tooLarge,
                "The \(kind.rawValue) is \(size > body.received && result.contentLength == nil ? "more than " : "")"
                    + "\(Self.readable(size)); iOS attaches \(kind.rawValue)s up to \(Self.readable(limit)).")
        }
        var summary = "\(type.displayName) \(kind.rawValue), \(Self.readable(size))"
        if kind == .image {
            if let facts = ImageFacts.read(body.kept, as: type) {
                report.image = facts
                summary += ", \(facts.width) × \(facts.height) px"
                if facts.frames > 1 { summary += ", animated, \(facts.frames) frames" }
                checkAspect(facts, into: &report)
            } else {
                report.add(.dimensionsUnknown, "The image's pixel size could not be read from its header.")
            }
        } else if kind == .video, let facts = ImageFacts.read(body.kept, as: type) {
            report.image = facts  // the picture size when the movie header comes first
            summary += ", \(facts.width) × \(facts.height) px"
        }
        report.add(.summary, summary + ".")
        if report.passed, result.stop == nil, kind == .image {
            report.imageDigest = images.store(body.kept, as: type)
        }
    }

    /// `Content-Type` must name the type the bytes are.
    private func checkContentType(
        _ contentType: String?, against type: MediaType, into report: inout MediaReport
    ) {
        guard let contentType, let declared = MediaType.declared(by: contentType) else {
            let named = contentType.map { "\"\($0.prefix(60))\"" } ?? "no Content-Type"
            report.add(
                .contentTypeUnknown,
                "The server sends \(named); send \(type.mimeType) so the service extension can tell the type."
            )
            return
        }
        if !declared.contains(type) {
            report.add(
                .typeMismatch,
                "The server says \"\(contentType.prefix(60))\" but the file is \(type.displayName) (\(type.mimeType))."
            )
        }
    }

    /// Apple's and the vendors' advice is a 2:1 image for the expanded view; far from it, the
    /// picture towers over the text or is a thin strip.
    private func checkAspect(_ facts: ImageFacts, into report: inout MediaReport) {
        let ratio = facts.aspectRatio
        let expected = 2.0
        guard ratio < expected / Self.aspectTolerance || ratio > expected * Self.aspectTolerance else {
            return
        }
        let shown = (ratio * 100).rounded() / 100
        report.add(
            .aspect,
            "The image is \(facts.width) × \(facts.height) px (\(shown):1), far from the 2:1 the expanded view "
                + "is designed for; it will be drawn \(ratio < expected ? "taller" : "flatter").")
    }

    /// How far from 2:1 an image may be before the aspect warning (a factor either way).
    static let aspectTolerance = 1.5

    /// "812 bytes", "84.2 KB", "10.0 MB" (binary units, as the limits).
    static func readable(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        let kilobytes = Double(bytes) / 1024
        if kilobytes < 1024 { return "\((kilobytes * 10).rounded() / 10) KB" }
        return "\((kilobytes / 1024 * 10).rounded() / 10) MB"
    }
}
