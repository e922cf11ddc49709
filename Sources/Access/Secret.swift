import Cryptography

/// A 256-bit random secret as text: a session id or the random part of an API token.
///
/// Written as 43 characters of unpadded base64url, so it fits a cookie or a header unquoted.
/// Parsing accepts exactly that shape and nothing else, before any hashing or database lookup.
public struct Secret: Sendable, Equatable {
    /// The 43-character text.
    public let text: String

    /// The number of random bytes.
    static let byteCount = 32
    /// Characters of the text form.
    static let textLength = 43

    private static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// A fresh secret from the system's cryptographic generator.
    static func generate() -> Secret {
        Secret(unchecked: encode(Sodium.randomBytes(byteCount)))
    }

    /// The secret in `text`, or nil when `text` is not 43 base64url characters.
    public init?(_ text: Substring) {
        guard text.utf8.count == Self.textLength, text.utf8.allSatisfy(Self.isAlphabet) else {
            return nil
        }
        self.text = String(text)
    }

    private init(unchecked text: String) {
        self.text = text
    }

    /// How the secret is stored: its SHA-256 in hex.
    var storedHash: String {
        Sodium.sha256Hex(Array(text.utf8))
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for byte in chunk { value = value << 8 | Int(byte) }
            value <<= 8 * (3 - chunk.count)
            for position in 0..<(chunk.count + 1) {
                output.append(alphabet[(value >> (18 - 6 * position)) & 0x3f])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
