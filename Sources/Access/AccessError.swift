/// Why an account or token change was refused; the description is the message for the person.
public enum AccessError: Error, Equatable, CustomStringConvertible {
    /// A user or token name outside `[A-Za-z0-9._-]{1,64}`.
    case invalidName(String)
    /// A password shorter than the minimum or longer than the maximum.
    case invalidPassword
    /// The new password and its confirmation differ.
    case passwordsDiffer
    /// The name is taken.
    case exists(String)
    /// No user or token of that name.
    case notFound(String)
    /// The change would leave no admin.
    case lastAdmin
    /// libsodium could not hash (out of memory).
    case hashingFailed

    /// The message for the person who asked.
    public var description: String {
        switch self {
        case .invalidName(let name):
            "\"\(name)\" is not a valid name: use 1 to 64 letters, digits, '.', '_' or '-'."
        case .invalidPassword:
            "The password must be \(PasswordHasher.minimumLength) to \(PasswordHasher.maximumLength) characters long."
        case .passwordsDiffer: "The two new passwords differ: type the same one twice."
        case .exists(let name): "\"\(name)\" already exists."
        case .notFound(let name): "There is no \"\(name)\"."
        case .lastAdmin: "This would leave no admin; add another admin first."
        case .hashingFailed: "The password could not be hashed (out of memory)."
        }
    }

    /// Checks a user or token name.
    static func checkName(_ name: String) throws(AccessError) {
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "-"):
                true
            default: false
            }
        }
        guard allowed, (1...64).contains(name.utf8.count) else { throw .invalidName(name) }
    }

    /// Checks a new password typed twice, as the password forms ask: its length, then that both
    /// copies agree (a typo in a password nobody can see would lock its owner out). They are
    /// compared as bytes, as they are hashed: `é` typed precomposed and decomposed are two
    /// passwords.
    public static func checkNewPassword(_ password: String, confirmation: String) throws(AccessError) {
        try checkPassword(password)
        guard password.utf8.elementsEqual(confirmation.utf8) else { throw .passwordsDiffer }
    }

    /// Checks a new password's length (in characters, as people count).
    static func checkPassword(_ password: String) throws(AccessError) {
        guard (PasswordHasher.minimumLength...PasswordHasher.maximumLength).contains(password.count),
            password.utf8.count <= 4 * PasswordHasher.maximumLength
        else { throw .invalidPassword }
    }
}
