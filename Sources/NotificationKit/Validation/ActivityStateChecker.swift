import JSON

/// Checks a `content-state` or `attributes` tree against the app's type as `JSONDecoder` with
/// default strategies would decode it on the device ([LA]: custom strategies make updates fail).
struct ActivityStateChecker {
    /// Seconds from 1970-01-01 to 2001-01-01, the epoch of `Date`'s default coding.
    static let referenceEpoch: Double = 978_307_200
    /// The payload's `timestamp` (UNIX seconds), which tells which reading of a date is meant.
    let timestamp: Double?

    /// Checks `node` against `type`, reporting each mismatch at its path.
    mutating func check(
        _ node: JSONNode, against type: ActivityValueType, path: String, sink: inout DiagnosticSink
    ) {
        switch (type, node.value) {
        case (.optional, .null):
            return
        case (.optional(let wrapped), _):
            check(node, against: wrapped, path: path, sink: &sink)
        case (.string, .string), (.double, .number), (.decimal, .number), (.bool, .bool):
            return
        case (.int, .number(let number)):
            if number.doubleValue.rounded() != number.doubleValue || abs(number.doubleValue) > 9.2e18 {
                sink.emit(
                    .valueInvalid, path, at: node.span,
                    "\(number.literal) is not a whole number, and the app declares Int here: the update does not decode."
                )
            }
        case (.date, .number(let number)):
            checkDate(number.doubleValue, node: node, path: path, sink: &sink)
        case (.url, .string(let text)):
            if text.isEmpty
                || text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
            {
                sink.emit(
                    .valueInvalid, path, at: node.span,
                    "\"\(text.prefix(60))\" is not a URL (empty, or with spaces or control characters); URL does not decode."
                )
            }
        case (.uuid, .string(let text)):
            if !Self.isUUID(text) {
                sink.emit(
                    .valueInvalid, path, at: node.span,
                    "\"\(text.prefix(60))\" is not a UUID (8-4-4-4-12 hexadecimal digits); UUID does not decode."
                )
            }
        case (.enumeration(let enumeration), _):
            checkEnum(node, enumeration, path: path, sink: &sink)
        case (.array(let element), .array(let elements)):
            for (index, item) in elements.enumerated() {
                check(item, against: element, path: JSONPath.appending(index: index, to: path), sink: &sink)
            }
        case (.dictionary(let value), .object(let members)):
            for member in members {
                check(
                    member.value, against: value, path: JSONPath.appending(key: member.key, to: path),
                    sink: &sink)
            }
        case (.object(let object), .object(let members)):
            checkObject(members, object, node: node, path: path, sink: &sink)
        default:
            reportType(node, expected: type, path: path, sink: &sink)
        }
    }

    private mutating func checkObject(
        _ members: [JSONMember], _ object: ActivityObjectType, node: JSONNode, path: String,
        sink: inout DiagnosticSink
    ) {
        for field in object.fields where !field.type.isOptional {
            if !members.contains(where: { $0.key.utf8.elementsEqual(field.key.utf8) }) {
                let near = members.first { $0.key.lowercased() == field.key.lowercased() }.map {
                    " (\"\($0.key)\" is there: keys are case-sensitive)"
                }
                sink.emit(
                    .keyMissing, JSONPath.appending(key: field.key, to: path), at: node.span,
                    "\(object.name) requires \"\(field.key)\" (\(field.type.swiftName))\(near ?? ""); without it the "
                        + "whole update fails to decode on the device and nothing changes.")
            }
        }
        for member in members {
            let memberPath = JSONPath.appending(key: member.key, to: path)
            guard let field = object.field(forKey: member.key) else {
                sink.emit(
                    .keyUndeclared, memberPath, at: member.keySpan,
                    "\(object.name) declares no \"\(member.key)\"; the device ignores it (declared: "
                        + object.fields.map(\.key).joined(separator: ", ") + ").")
                continue
            }
            check(member.value, against: field.type, path: memberPath, sink: &sink)
        }
    }

    private func checkEnum(
        _ node: JSONNode, _ enumeration: ActivityEnumType, path: String, sink: inout DiagnosticSink
    ) {
        let raw: String
        switch (enumeration.rawType, node.value) {
        case (.string, .string(let text)): raw = text
        case (.int, .number(let number)) where number.int64Value != nil: raw = String(number.int64Value ?? 0)
        default:
            reportType(node, expected: .enumeration(enumeration), path: path, sink: &sink)
            return
        }
        guard !enumeration.rawValues.contains(raw) else { return }
        let shown = enumeration.rawType == .string ? "\"\(raw)\"" : raw
        let values = enumeration.rawValues.map { enumeration.rawType == .string ? "\"\($0)\"" : $0 }
        sink.emit(
            .enumValue, path, at: node.span,
            "\(shown) is not a raw value of \(enumeration.name) (" + values.joined(separator: ", ")
                + "); the update does not decode.")
    }

    private func checkDate(_ value: Double, node: JSONNode, path: String, sink: inout DiagnosticSink) {
        let asReference = value + Self.referenceEpoch
        // A value this large read as seconds since 2001 lands after 2032; as UNIX time it is now-ish.
        guard value >= Self.referenceEpoch, value < 4_102_444_800 else { return }
        if let timestamp, abs(asReference - timestamp) <= abs(value - timestamp) { return }
        sink.emit(
            .dateUnixTime, path, at: node.span,
            "\(Self.grouped(value)) decodes to \(Self.calendarDate(asReference)); as Unix time it is "
                + "\(Self.calendarDate(value)). ActivityKit decodes Date as seconds since 2001-01-01: send "
                + "\(Self.grouped(value - Self.referenceEpoch)) for that moment.")
    }

    private func reportType(
        _ node: JSONNode, expected: ActivityValueType, path: String, sink: inout DiagnosticSink
    ) {
        var message =
            "The app declares \(expected.swiftName) here, but the payload has \(node.value.typeDescription)"
        if case .null = node.value {
            message += " and \(expected.swiftName) is not optional"
        }
        if expected.unwrapped == .date, case .string = node.value {
            message +=
                "; a Date decodes from a number of seconds since 2001-01-01 (ActivityKit uses the default "
                + "strategy, never ISO 8601 strings)"
        }
        sink.emit(.keyType, path, at: node.span, message + "; the update does not decode.")
    }

    /// True for 8-4-4-4-12 hexadecimal digits, either case (what `UUID(uuidString:)` accepts).
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.enumerated().allSatisfy { position, byte in
            [8, 13, 18, 23].contains(position)
                ? byte == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
    }
}
