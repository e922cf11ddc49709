import JSON

/// Finds the strings of a payload that hold tags, replaces each with a marker no payload text
/// contains, and afterwards cuts the compact JSON at the markers into literal segments.
struct SlotCollector {
    /// The strings with tags, in writing order (members in order, depth first).
    private(set) var slots: [TemplateSlot] = []
    /// Faults in the strings and keys.
    private(set) var diagnostics: [Diagnostic] = []
    /// The private-use scalar that brackets markers; chosen so the payload text has none.
    private var fence: Unicode.Scalar = "\u{E000}"
    private var seen: Set<Unicode.Scalar> = []

    /// `value` with every templated string replaced by its marker.
    mutating func mark(_ value: JSONValue, path: String) -> JSONValue {
        noteScalars(of: value)
        while seen.contains(fence) { fence = Unicode.Scalar(fence.value + 1) ?? "\u{F8FF}" }
        return replace(value, path: path)
    }

    private mutating func noteScalars(of value: JSONValue) {
        switch value {
        case .string(let text):
            seen.formUnion(text.unicodeScalars.filter { (0xE000...0xF8FF).contains($0.value) })
        case .array(let elements):
            for element in elements { noteScalars(of: element.value) }
        case .object(let members):
            for member in members {
                seen.formUnion(member.key.unicodeScalars.filter { (0xE000...0xF8FF).contains($0.value) })
                noteScalars(of: member.value.value)
            }
        default: break
        }
    }

    private mutating func replace(_ value: JSONValue, path: String) -> JSONValue {
        switch value {
        case .string(let written):
            do {
                let text = try TemplateText(parsing: written)
                guard !text.isPlain else { return value }
                slots.append(TemplateSlot(path: path, text: text))
                return .string(marker(slots.count - 1))
            } catch {
                diagnostics.append(error.diagnostic(path: path))
                return value
            }
        case .array(let elements):
            return .array(
                elements.enumerated().map { index, node in
                    JSONNode(
                        replace(node.value, path: JSONPath.appending(index: index, to: path)), span: node.span
                    )
                })
        case .object(let members):
            return .object(
                members.map { member in
                    let memberPath = JSONPath.appending(key: member.key, to: path)
                    if member.key.contains("{{") || member.key.contains("{%") {
                        diagnostics.append(
                            Diagnostic(
                                TemplateCode.keyTemplate, path: memberPath,
                                message: "Keys are written as they are; put the tag in the value.",
                                line: member.keySpan.line, column: member.keySpan.column))
                    }
                    var copy = member
                    copy.value = JSONNode(
                        replace(member.value.value, path: memberPath), span: member.value.span)
                    return copy
                })
        default:
            return value
        }
    }

    private func marker(_ index: Int) -> String {
        String(fence) + String(index) + String(fence)
    }

    /// The compact bytes of `marked` cut around each slot's quoted marker.
    func segments(of marked: JSONValue) -> [[UInt8]] {
        let bytes = JSONWriter().bytes(marked)
        var segments: [[UInt8]] = []
        var start = 0
        for index in slots.indices {
            let needle = Array(JSONWriter.quoted(marker(index)).utf8)
            guard let found = Self.firstRange(of: needle, in: bytes, from: start) else { break }
            segments.append(Array(bytes[start..<found]))
            start = found + needle.count
        }
        segments.append(Array(bytes[start...]))
        return segments
    }

    private static func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var position = start
        while position + needle.count <= bytes.count {
            if bytes[position] == needle[0], bytes[position..<(position + needle.count)].elementsEqual(needle)
            {
                return position
            }
            position += 1
        }
        return nil
    }
}
