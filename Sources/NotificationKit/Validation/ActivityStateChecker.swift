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
        case (.range(let bound, let closed), .array(let elements)):
            checkRange(elements, bound: bound, closed: closed, node: node, path: path, sink: &sink)
        case (.cases(let enumeration), .object(let members)):
            checkCase(members, enumeration, node: node, path: path, sink: &sink)
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

    /// `[lower, upper]`: exactly two bounds, the lower not above the upper (the range's decoder
    /// refuses both).
    private mutating func checkRange(
        _ elements: [JSONNode], bound: ActivityValueType, closed: Bool, node: JSONNode, path: String,
        sink: inout DiagnosticSink
    ) {
        let name = ActivityValueType.range(bound, closed: closed).swiftName
        guard elements.count == 2 else {
            sink.emit(
                .valueInvalid, path, at: node.span,
                "\(name) decodes from exactly two values, [lowerBound, upperBound], but the payload has "
                    + "\(elements.count); the update does not decode.")
            return
        }
        for (index, item) in elements.enumerated() {
            check(item, against: bound, path: JSONPath.appending(index: index, to: path), sink: &sink)
        }
        if let lower = elements[0].value.numberValue?.doubleValue,
            let upper = elements[1].value.numberValue?.doubleValue, lower > upper
        {
            sink.emit(
                .valueInvalid, path, at: node.span,
                "\(name) needs lowerBound <= upperBound, but \(elements[0].value.numberValue?.literal ?? "") > "
                    + "\(elements[1].value.numberValue?.literal ?? ""); the update does not decode.")
        }
    }

    /// `{"case": {associated values}}`: exactly one key, a case name (Swift 5.5's synthesized
    /// coding of an enum without a raw type).
    private mutating func checkCase(
        _ members: [JSONMember], _ enumeration: ActivityCaseEnumType, node: JSONNode, path: String,
        sink: inout DiagnosticSink
    ) {
        let names = enumeration.cases.map { "\"\($0.name)\"" }.joined(separator: ", ")
        guard members.count == 1, let member = members.first else {
            sink.emit(
                .enumValue, path, at: node.span,
                "\(enumeration.name) decodes from an object with exactly one key, the case name (\(names)), but "
                    + "the payload has \(members.count); the update does not decode.")
            return
        }
        guard let entry = enumeration.case(named: member.key) else {
            sink.emit(
                .enumValue, JSONPath.appending(key: member.key, to: path), at: member.keySpan,
                "\"\(member.key)\" is not a case of \(enumeration.name) (\(names)); the update does not decode."
            )
            return
        }
        let casePath = JSONPath.appending(key: member.key, to: path)
        guard case .object(let values) = member.value.value else {
            reportType(member.value, expected: .object(entry), path: casePath, sink: &sink)
            return
        }
        checkObject(values, entry, node: member.value, path: casePath, sink: &sink)
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
