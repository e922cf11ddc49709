/// Quoting for POSIX `sh`: what the command exports produce must survive any payload text.
public enum POSIXShell {
    /// `text` as one single-quoted word. Inside single quotes the shell interprets nothing
    /// (`$`, backticks, `\`, `"`, newlines are literal); a `'` itself is written `'\''` (close,
    /// escaped quote, reopen). NUL cannot be represented and must be refused before calling.
    public static func quote(_ text: String) -> String {
        var quoted = "'"
        for character in text.unicodeScalars {
            if character == "'" {
                quoted += "'\\''"
            } else {
                quoted.unicodeScalars.append(character)
            }
        }
        quoted += "'"
        return quoted
    }
}
