/// How much of a response body the check reads and keeps, decided as the bytes arrive: enough
/// to sniff the type and read image headers, a whole image (for the preview copy) up to its
/// limit, and for audio and video only a count, stopping as soon as the size is over Apple's
/// limit or `Content-Length` already settles it. A value type, tested without sockets.
struct BodyBudget {
    /// Why reading stopped before the end of the body.
    enum Stop: Equatable {
        /// Everything needed is known (type, header, size from `Content-Length`).
        case enough
        /// The body is over the limit for its kind; `bytes` is what was counted (or declared).
        case tooLarge(bytes: Int)
    }

    /// Bytes kept of a body that is not a whole image: the type and any header facts.
    static let prefixKept = 64 * 1024

    /// The `Content-Length` the server declared, if any.
    let declaredLength: Int?
    /// The first bytes (all of them for an image within its limit).
    private(set) var kept: [UInt8] = []
    /// Every body byte received so far, kept or not.
    private(set) var received = 0
    /// The type sniffed once enough bytes arrived.
    private(set) var sniffed: MediaType?
    /// Whether the type was decided (sniffed, or found unrecognisable).
    private(set) var decided = false

    /// A budget for a body of `declaredLength` bytes, if the server said.
    init(declaredLength: Int?) {
        self.declaredLength = declaredLength
    }

    /// The largest attachment of any kind (video); anything declared above it stops at once.
    static let largestLimit = MediaSizeLimit.limit(for: .video)

    /// Takes the next chunk; returns why to stop reading, or nil to go on.
    mutating func append(_ chunk: UnsafeRawBufferPointer) -> Stop? {
        received += chunk.count
        if let declaredLength, declaredLength > Self.largestLimit { return .tooLarge(bytes: declaredLength) }
        let imageLimit = MediaSizeLimit.limit(for: .image)
        let cap = decided && sniffed?.kind == .image ? imageLimit : Self.prefixKept
        let taken = min(chunk.count, max(0, cap - kept.count))
        kept.append(contentsOf: chunk.prefix(taken))
        if !decided && (kept.count >= MediaSniffer.prefixLength || received >= Self.prefixKept) {
            decide()
            if sniffed?.kind == .image {
                kept.append(contentsOf: chunk.dropFirst(taken).prefix(max(0, imageLimit - kept.count)))
            }
        }
        return verdict()
    }

    /// Called at the end of the body, for files shorter than the sniffing prefix.
    mutating func finish() {
        if !decided { decide() }
    }

    private mutating func decide() {
        decided = true
        sniffed = MediaSniffer.sniff(Array(kept.prefix(MediaSniffer.prefixLength)))
    }

    /// Over the limit, or nothing more to learn.
    private func verdict() -> Stop? {
        guard decided else { return nil }
        guard let kind = sniffed?.kind else { return .enough }  // not media: the prefix says all
        let limit = MediaSizeLimit.limit(for: kind)
        if let declaredLength, declaredLength > limit { return .tooLarge(bytes: declaredLength) }
        if received > limit { return .tooLarge(bytes: received) }
        if kind != .image, declaredLength != nil, kept.count >= Self.prefixKept { return .enough }
        return nil
    }
}

/// Apple's attachment size limits ("Supported file types and maximum sizes",
/// UNNotificationAttachment), read as binary megabytes.
public enum MediaSizeLimit {
    /// The largest file of `kind` iOS attaches: image 10 MB, audio 5 MB, video 50 MB.
    public static func limit(for kind: MediaType.Kind) -> Int {
        switch kind {
        case .image: 10 << 20
        case .audio: 5 << 20
        case .video: 50 << 20
        }
    }
}
