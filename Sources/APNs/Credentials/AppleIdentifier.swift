/// Apple's 10-character identifiers (Key ID, Team ID): upper-case letters and digits only.
enum AppleIdentifier {
    /// Nil when `value` has the shape, else why not, for the field's error.
    static func problem(_ value: String, name: String) -> String? {
        if value.isEmpty {
            return "the \(name) is missing: copy it from the developer account (10 characters)"
        }
        let allowed = value.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
        guard allowed else {
            return "the \(name) has characters other than A–Z and 0–9 (is it lower-case, or has it a space?)"
        }
        guard value.utf8.count == 10 else {
            return "the \(name) has \(value.utf8.count) characters; Apple's are exactly 10 (A–Z, 0–9)"
        }
        return nil
    }
}
