import ImageFormats

/// The workspace's app icon: a PNG file that passed every limit, drawn in each preview platter.
///
/// Only PNG is taken (the format iOS app icons are made in); the file is checked structurally
/// (`PNGImage`, the one PNG reader) and its image data inflated, so a page never serves as
/// `image/png` bytes that are something else, or a PNG every browser draws as a broken image.
public struct AppIcon: Equatable, Sendable {
    /// The largest file accepted, in bytes (256 KB).
    public static let maximumBytes = 256 * 1024
    /// The smallest side, in pixels: below it the platter's 38 pt icon (at 1×) would be blurry.
    public static let minimumSide = 40
    /// The largest side, in pixels (App Store icons are 1024 × 1024).
    public static let maximumSide = 1024

    /// The most bytes an icon's image data may inflate to: a 1024 × 1024 RGBA image at 16 bits
    /// per sample (8 MiB and its filter bytes), the largest the side limit allows.
    static let maximumInflatedBytes = maximumSide * (1 + maximumSide * 8)

    /// The file exactly as uploaded.
    public let png: [UInt8]
    /// The side in pixels (the icon is square).
    public let side: Int

    /// Checks `png` against the limits; the error names the limit that was broken.
    public init(png: [UInt8]) throws(SettingsError) {
        func refuse(_ message: String) -> SettingsError {
            SettingsError(field: "appIcon", message: "The app icon \(message).")
        }
        guard !png.isEmpty else { throw refuse("is an empty file") }
        guard png.count <= Self.maximumBytes else {
            throw refuse("is \(png.count) bytes; the limit is \(Self.maximumBytes) bytes (256 KB)")
        }
        let image: PNGImage
        switch PNGImage.read(png) {
        case .success(let read): image = read
        case .failure(.notPNG): throw refuse("must be a PNG file (it does not start with the PNG signature)")
        case .failure(.damaged(let what)): throw refuse("is not a valid PNG file: \(what)")
        }
        guard image.width == image.height else {
            throw refuse("must be square; it is \(image.width) × \(image.height) pixels")
        }
        guard (Self.minimumSide...Self.maximumSide).contains(image.width) else {
            throw refuse(
                "is \(image.width) × \(image.height) pixels; each side must be "
                    + "\(Self.minimumSide) to \(Self.maximumSide) pixels")
        }
        if let fault = image.checkImageData(of: png, maximumInflatedBytes: Self.maximumInflatedBytes),
            case .damaged(let what) = fault
        {
            throw refuse("is not a valid PNG file: \(what)")
        }
        self.png = png
        self.side = image.width
    }

    /// A strong validator for the served file: FNV-1a (64 bit) of the bytes, quoted. Any change
    /// of the file changes it with overwhelming likelihood; it need not resist forgery.
    public var entityTag: String {
        let hash = png.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
