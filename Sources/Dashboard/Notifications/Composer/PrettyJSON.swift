import JSON
import NotificationKit

/// A payload as people read it: pretty-printed, one member a line. Only for showing; the bytes
/// that are saved, measured and sent stay exactly as written.
enum PrettyJSON {
    /// `text` pretty-printed, or unchanged when it is not JSON or already spans several lines
    /// (the person's own formatting is kept).
    static func text(_ text: String) -> String {
        guard !text.contains("\n"), let root = JSONReader().read(text).root else { return text }
        return JSONWriter(style: .pretty).string(root.value)
    }
}
