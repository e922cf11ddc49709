/// What kind of value a format specifier reads, which decides whether two languages agree on an
/// argument and what a push's string argument does in its place.
public enum ArgumentKind: String, Sendable, Hashable {
    /// `%@`: an object; a push's string argument fits.
    case object
    /// `%d`, `%i`, `%u`, `%lld`, `%x`, `%o`, `%c`: a whole number.
    case integer
    /// `%f`, `%e`, `%g`, `%a`: a floating-point number.
    case floatingPoint
    /// `%s`, `%S`, `%p`: a C string or pointer, which a push cannot supply.
    case pointer

    /// The kind a conversion character reads.
    static func of(_ conversion: Character) -> ArgumentKind {
        switch conversion {
        case "@": .object
        case "d", "i", "u", "D", "U", "o", "O", "x", "X", "c", "C": .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": .floatingPoint
        default: .pointer
        }
    }
}

/// One `%…` specifier of a format string, as `String(format:)` reads it.
public struct FormatSpecifier: Sendable, Hashable {
    /// The 1-based argument from `%2$@`, nil for the next one in order.
    public var position: Int?
    /// Flags, width and precision as written (`-`, `05`, `.2`).
    public var options: String
    /// The length modifier (`ll`, `l`, `h`, `q`, `z`, …).
    public var length: String
    /// The conversion character (`@`, `d`, `f`, …).
    public var conversion: Character
    /// The specifier exactly as written, `%` included.
    public var text: String

    /// The kind of value it reads.
    public var kind: ArgumentKind { ArgumentKind.of(conversion) }
}

/// A format string cut into what `String(format:)` sees.
public enum FormatToken: Sendable, Hashable {
    /// Text copied as is.
    case literal(String)
    /// A specifier that reads an argument.
    case specifier(FormatSpecifier)
    /// `%#@name@` (or `%2$#@name@`): the text of a substitution goes here.
    case substitution(name: String, position: Int?, text: String)
    /// `%arg` inside a substitution's variation: that substitution's own argument.
    case substitutionArgument
    /// Something after `%` that is not a specifier, with why.
    case malformed(text: String, reason: String)
}
