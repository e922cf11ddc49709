/// Unguessable, URL-safe names: saved notification ids and temporary file suffixes.
enum RandomIdentifier {
    /// `byteCount` bytes from the system's cryptographic generator, as lowercase hex.
    /// Eight bytes (16 hex digits) give 2^64 ids, so neither guessing nor collision is a concern.
    static func hex(byteCount: Int = 8) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(byteCount * 2)
        for _ in 0..<byteCount {
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}
