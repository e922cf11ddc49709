import Cryptography

/// Argon2id password hashes in libsodium's string form (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`),
/// which carries its own salt and cost, so older hashes keep verifying after the cost changes.
///
/// Cost: 2 passes over 19 MiB, OWASP's recommended minimum for Argon2id. libsodium's
/// "interactive" preset uses 64 MiB, which several simultaneous logins on a small server would
/// turn into hundreds of megabytes.
public enum PasswordHasher {
    /// Passes over memory.
    static let operations: UInt64 = 2
    /// Bytes of memory per hash.
    static let memory = 19 << 20

    /// The shortest password accepted; length is what makes a password hard to guess.
    public static let minimumLength = 10
    /// The longest accepted, so one login cannot make the server hash megabytes.
    public static let maximumLength = 1024

    /// The storable hash of `password`, or nil if libsodium could not allocate its memory.
    public static func hash(_ password: String) -> String? {
        Sodium.argon2idHash(password, operations: operations, memory: memory)
    }

    /// Whether `password` matches `hash`. A malformed hash never matches.
    public static func verify(_ password: String, against hash: String) -> Bool {
        Sodium.argon2idVerify(password, against: hash)
    }
}
