import JSON
import NotificationKit

/// Where the bytes of an oversized payload go: how many bytes it is over the limit, and how many
/// the title, subtitle, body, custom data and everything else take, each text field with an
/// estimate of how many of its characters that is, in the bytes its own script needs.
///
/// Bytes are counted on the exact text (DESIGN rule 9): a field's share is the byte length of
/// its value as written in the payload, quotes and escapes included.
struct PayloadByteBudget: Sendable, Equatable {
    /// One row of the budget.
    struct Part: Sendable, Equatable {
        /// What the row counts, as the page names it.
        var label: String
        /// The composer field the row belongs to, for a link to it.
        var field: ComposerField?
        /// The bytes the part takes in the payload.
        var bytes: Int
        /// The characters of the field's text, for text fields.
        var characters: Int?
        /// The bytes of the text between its quotes (escapes as written), for text fields.
        var textBytes: Int?

        /// The average bytes per character of the text as written: 1 for English, about 1.1 for
        /// Czech, 2 for Cyrillic, 3 for Chinese, 4 for emoji, 6 for `\u` escapes.
        var bytesPerCharacter: Double? {
            guard let characters, let textBytes, characters > 0 else { return nil }
            return Double(textBytes) / Double(characters)
        }

        /// About how many of this field's characters make `over` bytes, at its own bytes per
        /// character; nil for parts that are not text.
        func charactersToCut(for over: Int) -> Int? {
            guard let perCharacter = bytesPerCharacter else { return nil }
            return Int((Double(over) / perCharacter).rounded(.up))
        }
    }

    /// The payload's size in bytes.
    let bytes: Int
    /// The push type's limit.
    let limit: Int
    /// The rows, in the order the page lists them; the last is "everything else".
    let parts: [Part]

    /// Bytes over the limit; zero or less when the payload fits.
    var over: Int { bytes - limit }

    /// The budget of a payload of `bytes` bytes whose tree is `root` (the analysis' one read, so
    /// the text is not parsed again), or nil when it fits within `limit` or is not a JSON object.
    init?(bytes: Int, root: JSONNode?, limit: Int) {
        guard bytes > limit, let root, let members = root.value.objectMembers else { return nil }
        let alert = root["aps"]?["alert"]
        var parts: [Part] = []
        let fields: [(String, ComposerField, JSONNode?)] = [
            ("Title", .title, alert?["title"]), ("Subtitle", .subtitle, alert?["subtitle"]),
            ("Body", .body, alert?.value.stringValue != nil ? alert : alert?["body"]),
        ]
        for (label, field, node) in fields {
            guard let node, let string = node.value.stringValue else { continue }
            let bytes = node.span.end - node.span.start
            parts.append(
                Part(label: label, field: field, bytes: bytes, characters: string.count, textBytes: bytes - 2)
            )
        }
        let custom = members.filter { $0.key != "aps" }
        if !custom.isEmpty {
            // A member's share runs from its key's opening quote to the end of its value.
            let customBytes = custom.reduce(0) { $0 + $1.value.span.end - $1.keySpan.start }
            parts.append(Part(label: "Custom data and media URL", field: .customData, bytes: customBytes))
        }
        let counted = parts.reduce(0) { $0 + $1.bytes }
        parts.append(
            Part(
                label: "Everything else (keys, aps members, punctuation)", field: .rawJSON,
                bytes: bytes - counted))
        self.bytes = bytes
        self.limit = limit
        self.parts = parts
    }

    /// The largest part that is text, which is where cutting helps the most.
    var largestText: Part? {
        parts.filter { $0.characters != nil }.max { $0.bytes < $1.bytes }
    }
}
