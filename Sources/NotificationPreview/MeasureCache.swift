/// The measured clusters of each text in each font, shared by every layout of one preview (or
/// one matrix): a field is measured once, then wrapped at as many widths as the surfaces and
/// devices need. Measurement is lazy, so a two-line banner measures only what it shows until
/// an unlimited surface needs the rest.
///
/// It lives for one call on one thread and is never shared between requests.
final class MeasureCache {
    /// A text in a font. Hashed by length only: `String`'s own hash normalizes the text
    /// first, which costs more than measuring a short field; equality is instant for the same
    /// string, which is what every lookup of one call passes.
    private struct Key: Hashable {
        let text: String
        let font: String

        func hash(into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            hasher.combine(font.utf8.count)
            hasher.combine(text.utf8.first)
            hasher.combine(font.utf8.last)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.font == rhs.font && lhs.text == rhs.text
        }
    }

    private var buffers: [Key: ClusterBuffer] = [:]
    /// Shaped words (Arabic, Devanagari) by word and font, shared by every text of the call.
    private let shapes = ShapedWordCache()

    /// Creates an empty cache.
    init() {}

    /// Runs `body` on the buffer of `text` in `font`, creating it on first use and keeping what
    /// `body` measured for the next caller.
    func withBuffer<Result>(
        _ text: String,
        font: PreviewFont,
        _ body: (inout ClusterBuffer) -> Result
    ) -> Result {
        let key = Key(text: text, font: font.name)
        var buffer = buffers.removeValue(forKey: key) ?? ClusterBuffer(text, font: font, shapes: shapes)
        let result = body(&buffer)
        buffers[key] = buffer
        return result
    }
}
