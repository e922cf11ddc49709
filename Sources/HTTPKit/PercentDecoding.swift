/// Percent-decoding shared by paths, queries and forms, done exactly once per component so that a
/// double-encoded `%252e` stays the literal text `%2e` and can never turn into a `.`.
enum PercentDecoding {
    /// Why a component could not be decoded.
    enum Failure: Error, Equatable {
        /// A `%` not followed by two hex digits.
        case malformedEscape
        /// The decoded bytes are not UTF-8.
        case invalidUTF8
    }

    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`, as forms do) into raw bytes.
    static func bytes(of component: some Collection<UInt8>, plusIsSpace: Bool) -> Result<[UInt8], Failure> {
        var output: [UInt8] = []
        output.reserveCapacity(component.count)
        var index = component.startIndex
        while index != component.endIndex {
            let byte = component[index]
            if byte == UInt8(ascii: "%") {
                let first = component.index(after: index)
                guard first != component.endIndex else { return .failure(.malformedEscape) }
                let second = component.index(after: first)
                guard second != component.endIndex,
                    let high = hexValue(component[first]),
                    let low = hexValue(component[second])
                else { return .failure(.malformedEscape) }
                output.append(high << 4 | low)
                index = component.index(after: second)
                continue
            }
            output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = component.index(after: index)
        }
        return .success(output)
    }

    /// Decodes a component into text, failing on malformed escapes and on bytes that are not UTF-8.
    static func string(of component: some Collection<UInt8>, plusIsSpace: Bool) -> Result<String, Failure> {
        let needsDecoding = component.contains {
            $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+"))
        }
        guard needsDecoding else {
            // Most segments have no escapes: validate them in place instead of copying them first.
            guard let text = text(validating: component) else { return .failure(.invalidUTF8) }
            return .success(text)
        }
        return bytes(of: component, plusIsSpace: plusIsSpace).flatMap { decoded in
            guard let text = text(validating: decoded) else { return .failure(.invalidUTF8) }
            return .success(text)
        }
    }

    /// The bytes as text, or nil when they are not UTF-8. ASCII (nearly every path segment and
    /// query) is taken as it is: the general validation, generic over the collection, cost more
    /// than the rest of decoding a request target.
    private static func text(validating bytes: some Collection<UInt8>) -> String? {
        let ascii = bytes.withContiguousStorageIfAvailable { buffer -> String? in
            buffer.allSatisfy { $0 < 0x80 } ? String(decoding: buffer, as: UTF8.self) : nil
        }
        if let ascii, let text = ascii { return text }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension PercentDecoding.Failure: CustomStringConvertible {
    /// A phrase that completes "the field … ".
    var description: String {
        switch self {
        case .malformedEscape: "has a malformed percent escape (a % must be followed by two hex digits)"
        case .invalidUTF8: "is not valid UTF-8"
        }
    }
}
