import ImageFormats

/// What the header bytes of an image say: its pixel size and, for a GIF, how many frames it has.
public struct ImageFacts: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Frames in an animated GIF; 1 for a still image.
    public var frames: Int

    /// Facts of a `width` × `height` image with `frames` frames.
    public init(width: Int, height: Int, frames: Int = 1) {
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// Width ÷ height, the number the expanded preview lays the image out with.
    public var aspectRatio: Double { Double(width) / Double(height) }

    /// The facts of an image of `type`, read from its first bytes (the whole file for a GIF's
    /// frame count), or a movie's picture size from its first video track when the `moov` box
    /// comes first (a "fast start" file); nil when the header is cut short or malformed.
    public static func read(_ bytes: [UInt8], as type: MediaType) -> ImageFacts? {
        let reader = ByteReader(bytes)
        let facts: ImageFacts? =
            switch type {
            case .png: PNGImage.header(of: bytes).map { ImageFacts(width: $0.width, height: $0.height) }
            case .jpeg: reader.jpeg()
            case .gif: reader.gif()
            case .webp: reader.webp()
            case .heic: reader.heic()
            case .mp4, .mov: reader.movieTrack()
            default: nil
            }
        guard let facts, facts.width > 0, facts.height > 0 else { return nil }
        return facts
    }
}

/// Bounds-checked big- and little-endian reads over a byte array: every read of untrusted
/// header bytes goes through here, so a short or lying file yields nil, never a trap.
struct ByteReader {
    /// The header bytes, as untrusted as they came.
    let bytes: [UInt8]

    /// A reader over `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The byte at `offset`, or nil past either end.
    func byte(_ offset: Int) -> Int? {
        offset >= 0 && offset < bytes.count ? Int(bytes[offset]) : nil
    }

    /// `count` bytes from `offset`, most significant first.
    func bigEndian(_ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for index in 0..<count {
            guard let next = byte(offset + index) else { return nil }
            value = value << 8 | next
        }
        return value
    }

    /// `count` bytes from `offset`, least significant first.
    func littleEndian(_ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for index in (0..<count).reversed() {
            guard let next = byte(offset + index) else { return nil }
            value = value << 8 | next
        }
        return value
    }

    /// `count` bytes from `offset` as text (four-character codes, signatures).
    func text(_ offset: Int, _ count: Int) -> String? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }
}
