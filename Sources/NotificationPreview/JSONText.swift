import JSON
import NotificationKit

/// A minimal streaming JSON writer for the preview documents, writing straight into one byte
/// buffer that becomes the response body: keys and punctuation are constant text, strings are
/// escaped by the JSON module's rules (`JSONWriter`), numbers are written in Swift's own short
/// form (`JSONNumberText`). The caller keeps the structure well formed.
///
/// The buffer is its own memory rather than an `[UInt8]`: a document is a few hundred appends
/// of a few bytes each, and `Array.append(contentsOf:)` costs far more per call than the copy.
/// The type is not copyable, so the memory has exactly one owner and is freed once.
struct JSONText: ~Copyable {
    /// Start of the buffer.
    private var base: UnsafeMutablePointer<UInt8>
    /// Bytes the buffer holds.
    private var capacity: Int
    /// Bytes written so far.
    private var count = 0

    /// A writer whose buffer holds `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, as the document; the writer is used up.
    consuming func bytes() -> [UInt8] {
        let (base, count) = (self.base, self.count)
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let target = buffer.baseAddress { target.update(from: base, count: count) }
            initialized = count
        }
    }

    /// Makes room for `extra` more bytes, doubling the buffer when it is full.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(2 * capacity, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        (base, capacity) = (moved, grown)
    }

    /// Appends bytes: short runs (keys, punctuation, numbers) byte by byte, longer ones with
    /// one copy.
    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        let target = base + count
        if bytes.count <= 16 {
            for offset in 0..<bytes.count { target[offset] = bytes[offset] }
        } else if let source = bytes.baseAddress {
            target.update(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    /// Bytes written so far: where the next value starts.
    var position: Int { count }

    /// Appends again the bytes already written at `range` (a value written before).
    mutating func repeating(_ range: Range<Int>) {
        reserve(range.count)
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Appends one byte.
    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends constant punctuation or a constant fragment (`,"height":` is one call).
    @inline(__always)
    mutating func raw(_ json: StaticString) {
        json.withUTF8Buffer { append($0) }
    }

    /// Appends already-serialised JSON text (a report given as text).
    mutating func raw(text json: String) {
        var json = json
        json.withUTF8 { append($0) }
    }

    /// Appends the compact JSON of `report` (CONTRACT §4), the same bytes as `report.json()`.
    /// Written in place, with room reserved for the longest text it could be.
    mutating func report(_ report: ValidationReport) {
        let room = report.compactJSONCapacity
        reserve(room)
        count += report.writeCompactJSON(into: UnsafeMutableBufferPointer(start: base + count, count: room))
    }

    /// Appends a quoted string, escaped exactly as the JSON module's writer escapes payloads:
    /// text that needs no escape (nearly all) is copied between quotes as it is.
    mutating func string(_ value: String) {
        var text = value
        let copied = text.withUTF8 { utf8 in
            guard JSONWriter.isVerbatim(utf8) else { return false }
            append(UInt8(ascii: "\""))
            append(utf8)
            append(UInt8(ascii: "\""))
            return true
        }
        guard !copied else { return }
        var escaped: [UInt8] = []
        // Room for the quotes and a few escapes, so the text is not regrown as it is written.
        escaped.reserveCapacity(value.utf8.count + 16)
        JSONWriter.appendQuoted(value, to: &escaped)
        escaped.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a quoted string that needs no escape, as the caller knows (a line of a text
    /// `JSONWriter.isVerbatim` accepted, a name this module defines): copied between quotes.
    mutating func verbatimString(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            append(UInt8(ascii: "\""))
            append(utf8)
            append(UInt8(ascii: "\""))
        }
    }

    /// Appends one line of a laid-out field, quoted: `bytes` of its text, then "…" when
    /// `ellipsis`, copied as they are when `verbatim` (the text needs no escape, so neither does
    /// a piece of it) or when they turn out to need none, escaped as `string` escapes otherwise.
    mutating func line(_ bytes: UnsafeBufferPointer<UInt8>, ellipsis: Bool, verbatim: Bool) {
        guard verbatim || JSONWriter.isVerbatim(bytes) else {
            let line = String(decoding: bytes, as: UTF8.self)
            return string(ellipsis ? line + "…" : line)
        }
        append(UInt8(ascii: "\""))
        append(bytes)
        if ellipsis { raw("…") }
        append(UInt8(ascii: "\""))
    }

    /// Appends a string or `null`.
    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// Appends a number rounded to `decimals` places ("102.5", "66.0"); non-finite as null.
    mutating func number(_ value: Double, decimals: Int = 1) {
        JSONNumberText.withRounded(value, decimals: decimals) { append($0) }
    }

    /// Appends an integer or `null`.
    mutating func number(_ value: Int?) {
        guard let value else { return raw("null") }
        DecimalDigits.withText(of: value) { append($0) }
    }

    /// Appends `true` or `false`.
    mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    /// Appends an array, writing each element with `element` and commas in between.
    mutating func array<Element>(_ elements: [Element], _ element: (inout JSONText, Element) -> Void) {
        append(UInt8(ascii: "["))
        for (index, item) in elements.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            element(&self, item)
        }
        append(UInt8(ascii: "]"))
    }
}

/// What a preview document carries under `"report"`: nothing, text already serialised, or the
/// report itself, written in place.
enum EmbeddedReport {
    /// No `"report"` member.
    case none
    /// Serialised JSON, spliced in as it is.
    case text(String)
    /// The report, written straight into the document.
    case report(ValidationReport)

    /// Writes `"report":…,` when there is one.
    func write(to out: inout JSONText) {
        switch self {
        case .none: return
        case .text(let json):
            out.raw(#""report":"#)
            out.raw(text: json)
        case .report(let report):
            out.raw(#""report":"#)
            out.report(report)
        }
        out.raw(",")
    }
}
