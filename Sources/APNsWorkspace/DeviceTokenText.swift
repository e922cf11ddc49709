import NotificationKit

/// A device token read from what a person pastes: the token itself, or a line of an app's log
/// that holds it (`Device token: 7f3a…`, `<7f3a9c01 5be2…>` as `NSData` printed it before
/// iOS 13, `deviceToken=7F3A…`). The shape rule is NotificationKit's one `DeviceTokenShape`.
public enum DeviceTokenText {
    /// The token in `text`, lowercase, or a message saying why there is none (for the field).
    public static func token(in text: String) -> Result<String, DeviceInputError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            return .failure(DeviceInputError(field: "token", message: "Enter the device token."))
        }
        let candidate: String
        if isHex(trimmed) {
            candidate = trimmed
        } else {
            let found = candidates(in: trimmed)
            guard let first = found.first else {
                return .failure(
                    DeviceInputError(
                        field: "token",
                        message:
                            "No device token found in the text: paste the token (64 or more hexadecimal digits) "
                            + "or the log line that prints it."))
            }
            guard Set(found).count == 1 else {
                return .failure(
                    DeviceInputError(
                        field: "token",
                        message:
                            "The text holds \(Set(found).count) different tokens: paste the one of this device."
                    ))
            }
            candidate = first
        }
        if let problem = DeviceTokenShape.problem(candidate) {
            return .failure(DeviceInputError(field: "token", message: problem))
        }
        return .success(candidate.lowercased())
    }

    /// Runs of hexadecimal digits at least a token long (64 digits), spaces between groups
    /// inside `<…>` joined first.
    private static func candidates(in text: String) -> [String] {
        var joined = ""
        var insideBrackets = false
        for scalar in text.unicodeScalars {
            if scalar == "<" { insideBrackets = true } else if scalar == ">" { insideBrackets = false }
            if insideBrackets, scalar == " " { continue }
            joined.unicodeScalars.append(scalar)
        }
        var runs: [String] = []
        var current = ""
        for scalar in joined.unicodeScalars {
            if isHexDigit(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                if current.count >= minimumDigits { runs.append(current.lowercased()) }
                current = ""
            }
        }
        if current.count >= minimumDigits { runs.append(current.lowercased()) }
        return runs
    }

    private static let minimumDigits = DeviceTokenShape.minimumBytes * 2

    private static func isHex(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isHexDigit)
    }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
}

/// A field of a device, an upload or a send that was refused: `field` names the form field.
public struct DeviceInputError: Error, Sendable, Equatable {
    /// The form field: `name`, `token`, `environment`, `bundleID`, `platform`.
    public let field: String
    /// What is wrong, in words for the person.
    public let message: String

    /// An error at `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
