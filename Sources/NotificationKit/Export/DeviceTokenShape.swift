/// Whether a device token can be one APNs issued: hexadecimal digits, an even number of them
/// (whole bytes), and a size APNs hands out. Apple says not to assume one size (apns-rules.md
/// §7): phone tokens are 32 bytes (64 digits), Simulator and Live Activity tokens longer (the
/// forum's example is 80 bytes, 160 digits). So the check takes 32 to 255 bytes, which refuses
/// a token typed short or cut off ("a1b2c3") without betting on an upper size Apple never gave.
public enum DeviceTokenShape {
    /// The fewest bytes a device token has.
    public static let minimumBytes = 32
    /// The most bytes accepted; beyond this it is not a token but something pasted by mistake.
    public static let maximumBytes = 255

    /// Why `token` cannot be a device token, in words that quote it, or nil when it can.
    public static func problem(_ token: String) -> String? {
        let shown = "\"" + String(token.prefix(80)).terminalSafe + (token.count > 80 ? "…" : "") + "\""
        guard !token.isEmpty else { return "The device token is empty." }
        if let bad = token.unicodeScalars.first(where: { !isHexDigit($0) }) {
            let character = String(bad).terminalSafe
            return
                "The device token \(shown) has \"\(character)\", which is not a hexadecimal digit (0–9, a–f)."
        }
        let digits = token.unicodeScalars.count
        guard digits.isMultiple(of: 2) else {
            return "The device token \(shown) has \(digits) hexadecimal digits, an odd number: "
                + "a token is whole bytes, two digits each. Part of it is missing."
        }
        guard (minimumBytes...maximumBytes).contains(digits / 2) else {
            return "The device token \(shown) is \(digits / 2) bytes (\(digits) hexadecimal digits); "
                + "APNs device tokens are \(minimumBytes) bytes (64 digits) or longer (Simulator and Live "
                + "Activity tokens: 80 bytes, 160 digits), at most \(maximumBytes). Copy the whole token "
                + "the app received."
        }
        return nil
    }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
}
