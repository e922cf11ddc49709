/// Builds the JSON paths that diagnostics carry (`$`, `$.aps.alert.title`, `$.data.items[3]`,
/// `$["odd key"]`), so the reader, the model binding and the validator spell paths the same way.
public enum JSONPath {
    /// The path of the document root.
    public static let root = "$"

    /// `path` followed by the member `key`: `.key` when the key is a plain name (letters, digits,
    /// `_` and `-`, not starting with a digit or `-`), otherwise `["key"]` with JSON escaping.
    public static func appending(key: String, to path: String) -> String {
        if isPlainName(key) {
            return String(joining: path, ".", key)
        }
        var quoted = path + "["
        JSONWriter.appendQuoted(key, to: &quoted)
        quoted += "]"
        return quoted
    }

    /// `path` followed by the array index `index`: `[3]`.
    public static func appending(index: Int, to path: String) -> String {
        path + "[" + String(index) + "]"
    }

    private static func isPlainName(_ key: String) -> Bool {
        var first = true
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "_"):
                break
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                if first { return false }
            default:
                return false
            }
            first = false
        }
        return !first
    }
}
