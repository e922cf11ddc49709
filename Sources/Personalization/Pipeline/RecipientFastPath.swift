import JSON
import NotificationKit

/// The straight way of `RecipientLine` for the usual recipient: a flat object of strings is
/// read without a tree, each templated string is rendered as escaped bytes straight into the
/// result line from pieces compiled once, and the validator runs only when the line could be
/// judged differently from a line already judged.
///
/// Why that is exact: the validator reads a templated string that sits outside `aps` (custom
/// data) or at `aps.alert`, its `title`, `subtitle`, `body` or `aps.thread-id` only for its
/// type (always a string here) and whether it is empty; the rest of the payload is the
/// template's, the same on every line. So a line's report is decided by which strings are
/// empty, the payload size against the limit, and the classes of the collapse id the header
/// check tells apart (empty, over 64 bytes, a line break or NUL, U+FFFD). A clean report (valid,
/// nothing above an info) is remembered per such key; a line whose key was judged clean and
/// whose size is within the limit is written without validating it again. Any other line goes
/// the full way. A template with a string anywhere else (the category, the sound, the media
/// URL, `loc-args`, Live Activity state) has no fast path at all.
final class RecipientFastPath: Sendable {
    let template: PayloadTemplate
    let reader: FlatRecipientReader
    /// The compact payload's bytes around the slots (one more than `slots`).
    let segments: [[UInt8]]
    /// Each templated string of the payload, compiled.
    let slots: [TemplateProgram]
    /// The collapse id when it holds tags, compiled.
    let collapseID: TemplateProgram?
    /// Per variable: whether a line without it needs the full way (required, or dotted, which
    /// the full way looks up nested), and whether a printable ASCII value needs only its length
    /// checked (text, whose every script allows printable ASCII).
    let required: [Bool]
    let lengthOnly: [Bool]
    /// The result line's fixed bytes after `{"line":N`: up to the collapse id's value (or to
    /// the payload without one), and after that value.
    let headersBefore: [UInt8]
    let headersAfter: [UInt8]

    /// The bit of the key that says the collapse id is empty, and the three after it.
    private static let collapseBit = 56

    /// The fast path of `template`, or nil when a templated string sits where the validator
    /// reads more than whether it is empty.
    init?(template: PayloadTemplate) {
        guard template.slots.count < Self.collapseBit,
            template.slots.allSatisfy({ Self.isJudgedByEmptinessOnly($0.path) })
        else { return nil }
        let names = template.variables.map(\.name)
        self.template = template
        reader = FlatRecipientReader(names: names)
        segments = template.segments
        slots = template.slots.map { TemplateProgram($0.text, names: names) }
        collapseID = template.collapseID.map { TemplateProgram($0.text, names: names) }
        required = template.variables.map { !$0.optional || $0.name.contains(".") }
        lengthOnly = template.variables.map { $0.type == .text }
        // As `RecipientLine.write` writes a valid line: names sorted, values quoted.
        var before = Array(",\"valid\":true,\"headers\":{".utf8)
        var after: [UInt8] = []
        for (index, name) in template.headers.keys.sorted().enumerated() {
            if index > 0 { after.append(UInt8(ascii: ",")) }
            JSONWriter.appendQuoted(name, to: &after)
            after.append(UInt8(ascii: ":"))
            if name == "apns-collapse-id", collapseID != nil {
                before += after
                after = []
            } else {
                JSONWriter.appendQuoted(template.headers[name] ?? "", to: &after)
            }
        }
        after += Array("},\"payload\":".utf8)
        if collapseID == nil {
            before += after
            after = []
        }
        headersBefore = before
        headersAfter = after
    }

    /// Whether the validator reads the string at `path` only for its type and emptiness.
    static func isJudgedByEmptinessOnly(_ path: String) -> Bool {
        let aps = JSONPath.appending(key: "aps", to: JSONPath.root)
        let alert = JSONPath.appending(key: "alert", to: aps)
        let texts =
            [alert, JSONPath.appending(key: "thread-id", to: aps)]
            + ["title", "subtitle", "body"].map { JSONPath.appending(key: $0, to: alert) }
        if texts.contains(path) { return true }
        for key in ["aps"] + NotificationPayload.mediaURLKeys {
            let member = JSONPath.appending(key: key, to: JSONPath.root)
            if path == member || path.hasPrefix(member + ".") || path.hasPrefix(member + "[") {
                return false
            }
        }
        return path.hasPrefix(JSONPath.root + ".") || path.hasPrefix(JSONPath.root + "[")
    }

    /// Writes the result line of `line` (number `number`) to `output` and returns whether it
    /// is valid, or returns nil, having written nothing, when the line needs the full way.
    func render(
        _ line: UnsafeBufferPointer<UInt8>, number: Int, to output: inout [UInt8],
        scratch: inout RecipientScratch, validator: Validator
    ) -> Bool? {
        guard reader.read(line, into: &scratch.values, keys: &scratch.keys, scratch: &scratch.escapes)
        else { return nil }
        for index in scratch.values.indices {
            guard let value = scratch.values[index] else {
                if required[index] { return nil }
                continue
            }
            if lengthOnly[index], value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
                guard value.utf8.count <= template.variables[index].maxLength else { return nil }
            } else {
                guard case .success = template.variables[index].check(value) else { return nil }
            }
        }
        let values = scratch.values
        let lineStart = output.count
        output.append(contentsOf: "{\"line\":".utf8)
        output.append(contentsOf: String(number).utf8)
        output.append(contentsOf: headersBefore)
        var key: UInt64 = 0
        var collapseText: String?
        if let collapseID {
            // Escaped as the line writes it; the text itself only when an escape was needed.
            scratch.collapse.removeAll(keepingCapacity: true)
            collapseID.write(values, to: &scratch.collapse, quoted: &scratch.quoted)
            if scratch.collapse.contains(UInt8(ascii: "\\")) {
                let text = template.collapseID!.text.render { name in
                    template.variables.firstIndex { $0.name == name }.flatMap { values[$0] }
                }
                collapseText = text
                JSONWriter.appendQuoted(text, to: &output)
                key |= Self.collapseClass(Array(text.utf8)) << UInt64(Self.collapseBit)
            } else {
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: scratch.collapse)
                output.append(UInt8(ascii: "\""))
                key |= Self.collapseClass(scratch.collapse) << UInt64(Self.collapseBit)
            }
            output.append(contentsOf: headersAfter)
        }
        let payloadStart = output.count
        for index in segments.indices {
            output.append(contentsOf: segments[index])
            guard index < slots.count else { continue }
            output.append(UInt8(ascii: "\""))
            let before = output.count
            slots[index].write(values, to: &output, quoted: &scratch.quoted)
            if output.count == before { key |= 1 << UInt64(index) }
            output.append(UInt8(ascii: "\""))
        }
        let size = output.count - payloadStart
        if let limit = scratch.limit, size <= limit, scratch.isClean(key) {
            output.append(contentsOf: "}\n".utf8)
            return true
        }
        // Not judged yet (or not clean, or over the limit): the validator decides, and a clean
        // answer is remembered for the key.
        let payload = Array(output[payloadStart...])
        output.removeSubrange(lineStart...)
        var headers = template.headers
        if collapseID != nil {
            headers["apns-collapse-id"] = collapseText ?? String(decoding: scratch.collapse, as: UTF8.self)
        }
        let analysis = PayloadAnalysis(payload: payload, headers: headers, validator: validator)
        let report = analysis.report
        RecipientLine.write(
            RenderedPayload(bytes: payload, headers: headers, report: report), number: number, to: &output)
        scratch.limit = report.size.limit
        if size <= report.size.limit {
            scratch.remember(
                key, clean: report.valid && !report.diagnostics.contains { $0.severity <= .warning })
        }
        return report.valid
    }

    /// The classes of a collapse id the header check tells apart, as four bits.
    private static func collapseClass(_ utf8: [UInt8]) -> UInt64 {
        var bits: UInt64 = utf8.isEmpty ? 1 : 0
        if utf8.count > 64 { bits |= 2 }
        if utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) { bits |= 4 }
        var index = 0
        while index + 2 < utf8.count {
            if utf8[index] == 0xEF, utf8[index + 1] == 0xBF, utf8[index + 2] == 0xBD {
                bits |= 8
                break
            }
            index += 1
        }
        return bits
    }
}

/// What one thread keeps from one recipient line to the next on the fast path: the buffers a
/// line would otherwise allocate, and the keys already judged (see `RecipientFastPath`).
public struct RecipientScratch: Sendable {
    var values: [String?]
    var keys: [Range<Int>] = []
    var escapes: [UInt8] = []
    var quoted: [UInt8] = []
    var collapse: [UInt8] = []
    /// The keys the validator judged, with whether it found their lines valid with nothing
    /// above an info (a template has a handful: a list beats hashing).
    var judged: [(key: UInt64, clean: Bool)] = []
    /// The payload size limit, known once one line was validated.
    var limit: Int?
    /// The most keys remembered (a template's keys are usually a handful).
    static let maximumKeys = 64

    func isClean(_ key: UInt64) -> Bool {
        judged.contains { $0.key == key && $0.clean }
    }

    mutating func remember(_ key: UInt64, clean: Bool) {
        guard judged.count < Self.maximumKeys, !judged.contains(where: { $0.key == key }) else { return }
        judged.append((key, clean))
    }

    /// Empty buffers for the lines of `line`'s template.
    public init(for line: RecipientLine) {
        values = Array(repeating: nil, count: line.template.variables.count)
    }
}
